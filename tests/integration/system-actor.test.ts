import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../lib/audit/actor";
import { appendAuditEvent } from "../../lib/audit/append";
import { signScheduledCheckpoint } from "../../lib/audit/checkpoints";
import type { Database } from "../../lib/db/client";
import { databaseKinds } from "../support/console-server";
import { openTestDatabase } from "../support/database";

/** The console acting on its own is one actor in the log: an auditor filtering on the system finds the checkpoints too. */
describe.each(await databaseKinds())("the system actor on %s", (kind) => {
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(kind));
  });
  afterAll(async () => close?.());

  it("records a scheduled checkpoint as the system's, as it records the expiries", async () => {
    await appendAuditEvent({
      operationId: randomUUID(),
      actor: { id: null, email: "mod@example.com", role: "moderator" },
      action: "users.block",
      outcome: "requested",
      affectedUids: ["blocker-1", "spam-1"],
    });
    await signScheduledCheckpoint(db);
    const { rows } = (await db.execute(
      sql`select actor_id, actor_email, actor_role from audit_events where action = 'audit.checkpoint'`,
    )) as unknown as { rows: Array<{ actor_id: string | null; actor_email: string | null; actor_role: string }> };
    expect(rows).toEqual([{ actor_id: null, actor_email: null, actor_role: "system" }]);
    expect(SYSTEM_ACTOR.role).toBe("system");
  });
});
