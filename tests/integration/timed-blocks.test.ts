import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyAuditLog } from "../../lib/audit/checkpoints";
import type { Database } from "../../lib/db/client";
import { recordBlocks, recordUnblocks } from "../../lib/timed-blocks/store";
import { chatCall } from "../support/chat-client";
import { databaseKinds, type ConsoleServer } from "../support/console-server";
import { consolesOnOnePostgres } from "../support/postgres-consoles";
import { waitFor } from "../support/wait-for";

const moderator = { id: null, email: "timed-test@example.com", role: "moderator" };
const BLOCKER = "cometchat-uid-5";

async function blockedBy(server: ConsoleServer, blocker: string): Promise<Set<string>> {
  const answer = await chatCall(server, "GET", `/users/${blocker}/blockedusers?perPage=1000`);
  return new Set((answer.body.data as Array<{ uid: string }>).map((user) => user.uid));
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe.runIf((await databaseKinds()).includes("postgres"))("timed blocks on PostgreSQL", () => {
  const cluster = consolesOnOnePostgres(2, { CHAT_JOURNAL: "1" });
  let first: ConsoleServer;
  let second: ConsoleServer;
  let db: Database;

  beforeAll(async () => {
    [first, second] = cluster.servers as [ConsoleServer, ConsoleServer];
    db = cluster.db;
  });

  it("lifts exactly the blocks it made, once, across a restart and two processes", async () => {
    const made = ["cometchat-uid-1", "cometchat-uid-2"];
    const removedByOperator = "cometchat-uid-3";
    const renewedForever = "cometchat-uid-4";
    const before = "kevin-price";
    await chatCall(first, "POST", `/users/${BLOCKER}/blockedusers`, { body: { blockedUids: [before] } });
    const answer = await chatCall(first, "POST", `/users/${BLOCKER}/blockedusers`, {
      body: { blockedUids: [...made, removedByOperator, renewedForever, before] },
    });
    expect(answer.status).toBe(200);
    const operationId = randomUUID();
    await recordBlocks(db, {
      blockerUid: BLOCKER,
      blocked: [...made, removedByOperator, renewedForever],
      alreadyBlocked: [before],
      expiresInSeconds: 8,
      operationId,
      actor: moderator,
    });
    // Before it expires, a moderator unblocks one and blocks another again, for good.
    await chatCall(first, "DELETE", `/users/${BLOCKER}/blockedusers`, { body: { blockedUids: [removedByOperator] } });
    await recordUnblocks(db, BLOCKER, [removedByOperator]);
    await chatCall(first, "POST", `/users/${BLOCKER}/blockedusers`, { body: { blockedUids: [removedByOperator] } });
    await recordBlocks(db, {
      blockerUid: BLOCKER,
      blocked: [],
      alreadyBlocked: [renewedForever],
      expiresInSeconds: null,
      operationId: randomUUID(),
      actor: moderator,
    });
    await chatCall(first, "DELETE", "/embedded/journal");
    for (const server of [first, second])
      await chatCall(server, "PUT", "/embedded/settings", { body: { journal: true } });

    // Both processes go down and come back before the expiry: it is in the database, not in memory.
    await first.restart({ hard: true });
    await second.restart({ hard: true });
    for (const server of [first, second])
      await chatCall(server, "PUT", "/embedded/settings", { body: { journal: true } });

    await waitFor(
      "the expiry",
      () => blockedBy(first, BLOCKER),
      (blocked) => made.every((uid) => !blocked.has(uid)),
      60_000,
    );
    // A moment for a second unblock, were there to be one.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const blocked = await blockedBy(first, BLOCKER);
    expect([...blocked].filter((uid) => [before, removedByOperator, renewedForever].includes(uid)).sort()).toEqual(
      [before, removedByOperator, renewedForever].sort(),
    );

    const journal = await chatCall(first, "GET", "/embedded/journal");
    const unblocks = (journal.body.data as Array<{ method: string; uids: string[] }>).filter(
      (call) => call.method === "DELETE",
    );
    expect(unblocks.flatMap((call) => call.uids).sort()).toEqual([...made].sort());

    // Each expiry is the console's own operation (not folded under the block), naming who set it.
    const logged = await rows<{ outcome: string; actor_role: string; parent: string | null; set_by: string }>(
      db,
      sql`select outcome, actor_role, parent_operation_id as parent, request_body->>'setBy' as set_by
          from audit_events
          where action = 'users.block.expire' and request_body->>'setByOperationId' = ${operationId}
            and outcome <> 'requested'`,
    );
    expect(logged).toHaveLength(2);
    for (const entry of logged)
      expect(entry).toEqual({ outcome: "succeeded", actor_role: "system", parent: null, set_by: moderator.email });
    const states = await rows<{ blocked_uid: string; status: string }>(
      db,
      sql`select blocked_uid, status from timed_blocks order by created_at`,
    );
    expect(
      states
        .filter((row) => row.status === "expired")
        .map((row) => row.blocked_uid)
        .sort(),
    ).toEqual([...made].sort());
    expect(states.filter((row) => ["active", "expiring"].includes(row.status))).toEqual([]);
    expect((await verifyAuditLog(db)).intact).toBe(true);
  }, 150_000);
});
