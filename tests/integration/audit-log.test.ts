import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendAuditEvent } from "../../lib/audit/append";
import { listAuditEvents } from "../../lib/audit/query";
import { verifyAuditLog } from "../../lib/audit/checkpoints";
import type { Database } from "../../lib/db/client";
import { auditFilterSchema } from "../../lib/audit/schemas";
import { databaseKinds } from "../support/console-server";
import { openTestDatabase } from "../support/database";

const actor = { id: null, email: "mod@example.com", role: "moderator" };

async function appendMany(count: number) {
  await Promise.all(
    Array.from({ length: count }, (_, index) =>
      appendAuditEvent({
        operationId: randomUUID(),
        actor,
        action: index % 2 ? "users.block" : "conversation.tags.update",
        outcome: index % 3 ? "succeeded" : "requested",
        targetUid: `user-${index % 4}`,
        affectedUids: [`user-${index % 4}`, `spam-${index}`],
        requestBody: { blockedUids: [`spam-${index}`], password: "never logged" },
        summary: { nested: { b: 2, a: [1, { z: true }] } },
      }),
    ),
  );
}

const run = (db: Database, statement: string) => db.execute(sql.raw(statement));

describe.each(await databaseKinds())("the action log on %s", (kind) => {
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(kind));
    await appendMany(40);
  });
  afterAll(async () => close?.());

  it("appends concurrent entries as one unbroken chain, without credentials in request bodies", async () => {
    const result = await verifyAuditLog(db);
    expect(result).toMatchObject({ intact: true, checked: 40, head: { seq: 40 } });
    const page = await listAuditEvents(db, auditFilterSchema.parse({}), { kind: "all" }, { limit: 100 });
    expect(page.entries).toHaveLength(40);
    expect(page.entries.every((entry) => !JSON.stringify(entry.requestBody).includes("never logged"))).toBe(true);
  });

  it("filters by date range and outcome, a day in UTC at a time", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const page = (form: Record<string, string>) =>
      listAuditEvents(db, auditFilterSchema.parse(form), { kind: "all" }, { limit: 100 }).then(
        (result) => result.entries,
      );
    expect(await page({ from: today, to: today })).toHaveLength(40);
    expect(await page({ from: tomorrow })).toHaveLength(0);
    expect(await page({ to: "2020-01-01" })).toHaveLength(0);
    const requested = await page({ from: today, outcome: "requested" });
    expect(requested.length).toBe(14);
    expect(requested.every((entry) => entry.outcome === "requested")).toBe(true);
  });

  it("finds an operation by any UID it affected, through the UID index", async () => {
    const byUid = await listAuditEvents(db, auditFilterSchema.parse({ uid: "spam-7" }), { kind: "all" });
    expect(byUid.entries.map((entry) => entry.seq)).toHaveLength(1);
    const blocker = await listAuditEvents(db, auditFilterSchema.parse({ uid: "user-1" }), { kind: "all" });
    expect(blocker.entries).toHaveLength(10);
  });

  it("refuses UPDATE, DELETE and TRUNCATE", async () => {
    for (const statement of [
      "UPDATE audit_events SET reason = 'x' WHERE seq = 1",
      "DELETE FROM audit_events WHERE seq = 1",
      "TRUNCATE audit_events",
    ]) {
      const error = await run(db, statement).then(
        () => undefined,
        (failure: unknown) => failure as Error & { cause?: Error },
      );
      expect(error, statement).toBeDefined();
      expect(String(error?.cause?.message ?? error?.message)).toMatch(/audit_events is append-only/);
    }
    expect((await verifyAuditLog(db)).checked).toBe(40);
  });

  describe("with the trigger switched off, as an intruder would", () => {
    beforeAll(async () => run(db, "ALTER TABLE audit_events DISABLE TRIGGER USER"));
    afterAll(async () => run(db, "ALTER TABLE audit_events ENABLE TRIGGER USER"));

    it("finds an edited entry, and nothing once it is put back", async () => {
      // Plain tables, not TEMP ones: verification reads through several pooled connections at once.
      await run(db, "CREATE TABLE original AS SELECT target_uid FROM audit_events WHERE seq = 5");
      await run(db, "UPDATE audit_events SET target_uid = 'someone-else' WHERE seq = 5");
      expect(await verifyAuditLog(db)).toMatchObject({
        intact: false,
        checked: 4,
        firstBreak: { seq: 5, problem: "edited" },
      });
      await run(db, "UPDATE audit_events SET target_uid = (SELECT target_uid FROM original) WHERE seq = 5");
      await run(db, "DROP TABLE original");
      expect(await verifyAuditLog(db)).toMatchObject({ intact: true, checked: 40 });
    });

    it("finds a deleted entry", async () => {
      await run(db, "CREATE TABLE kept AS SELECT * FROM audit_events WHERE seq = 7");
      await run(db, "DELETE FROM audit_events WHERE seq = 7");
      expect(await verifyAuditLog(db)).toMatchObject({
        intact: false,
        firstBreak: { seq: 8, problem: "deleted" },
      });
      await run(db, "INSERT INTO audit_events SELECT * FROM kept");
      await run(db, "DROP TABLE kept");
      expect((await verifyAuditLog(db)).intact).toBe(true);
    });

    it("finds reordered entries", async () => {
      await run(db, "UPDATE audit_events SET seq = -3 WHERE seq = 3");
      await run(db, "UPDATE audit_events SET seq = 3 WHERE seq = 4");
      await run(db, "UPDATE audit_events SET seq = 4 WHERE seq = -3");
      expect(await verifyAuditLog(db)).toMatchObject({ intact: false, firstBreak: { seq: 3, problem: "reordered" } });
      await run(db, "UPDATE audit_events SET seq = -4 WHERE seq = 4");
      await run(db, "UPDATE audit_events SET seq = 4 WHERE seq = 3");
      await run(db, "UPDATE audit_events SET seq = 3 WHERE seq = -4");
      expect((await verifyAuditLog(db)).intact).toBe(true);
    });

    it("finds an inserted entry", async () => {
      await run(
        db,
        `INSERT INTO audit_events (seq, id, occurred_at, operation_id, action, outcome, prev_hash, hash)
         VALUES (41, '${randomUUID()}', now(), '${randomUUID()}', 'users.unblock', 'succeeded', '${"0".repeat(64)}', '${"1".repeat(64)}')`,
      );
      expect(await verifyAuditLog(db)).toMatchObject({
        intact: false,
        checked: 40,
        firstBreak: { seq: 41, problem: "inserted" },
      });
      await run(db, "DELETE FROM audit_events WHERE seq = 41");
      expect((await verifyAuditLog(db)).intact).toBe(true);
    });
  });
});

describe.each(await databaseKinds())("the UID index on %s", (kind) => {
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(kind));
  });
  afterAll(async () => close?.());

  it("walks a UID's rows by action and by place in the table: job calls are folded unless asked for", async () => {
    const job = randomUUID();
    const uid = "folded-1";
    const entry = (action: "incident.job.start" | "incident.job.call", parentOperationId: string | null) =>
      appendAuditEvent({
        operationId: action === "incident.job.start" ? job : randomUUID(),
        actor,
        action,
        outcome: "requested",
        affectedUids: ["blocker-9", uid],
        parentOperationId,
      });
    await entry("incident.job.start", null);
    for (let call = 0; call < 3; call += 1) await entry("incident.job.call", job);
    const page = async (form: Record<string, string>) =>
      (await listAuditEvents(db, auditFilterSchema.parse(form), { kind: "all" }, { limit: 100 })).entries.map(
        (row) => row.action,
      );
    expect(await page({ uid })).toEqual(["incident.job.start"]);
    expect(await page({ uid, calls: "only" })).toEqual(["incident.job.call", "incident.job.call", "incident.job.call"]);
    expect(await page({ uid, action: "incident.job.call" })).toHaveLength(3);
    expect(await page({ uid, action: "incident.job.start" })).toEqual(["incident.job.start"]);
    expect(await page({ uid, action: "users.block" })).toEqual([]);
    expect(await page({ uid, job })).toHaveLength(3);
    const filed = (await db.execute(
      sql`select action, listed from audit_event_uids where uid = ${uid} order by seq`,
    )) as unknown as { rows: Array<{ action: string; listed: boolean }> };
    expect(filed.rows).toEqual([
      { action: "incident.job.start", listed: true },
      ...Array.from({ length: 3 }, () => ({ action: "incident.job.call", listed: false })),
    ]);
  });
});

describe.runIf((await databaseKinds()).includes("postgres"))(
  "three console processes on one PostgreSQL database",
  () => {
    it("append 500 entries each at the same time: every one commits, and the chain verifies with 1,500 entries and no gap", async () => {
      const { db, url, close } = await openTestDatabase("postgres");
      try {
        const worker = (name: string) =>
          new Promise<string>((resolve, reject) => {
            const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "tests/support/append-worker.ts"], {
              env: {
                ...process.env,
                DATABASE_URL: url,
                WORKER: name,
                COUNT: "500",
                CONCURRENCY: "25",
                CHAT_API_KEY: "test-key",
              },
            });
            let output = "";
            child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
            child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
            child.on("exit", (code) =>
              code === 0 ? resolve(output) : reject(new Error(`${name} exited with ${code}: ${output}`)),
            );
          });
        const outputs = await Promise.all([worker("first"), worker("second"), worker("third")]);
        for (const name of ["first", "second", "third"]) expect(outputs.join("")).toContain(`${name} appended 500`);

        const result = await verifyAuditLog(db);
        expect(result).toMatchObject({ intact: true, checked: 1500, head: { seq: 1500 } });
        const counts = (await db.execute(
          sql`select actor_email, count(*)::int as n from audit_events group by actor_email order by actor_email`,
        )) as unknown as {
          rows: Array<{ actor_email: string; n: number }>;
        };
        expect(counts.rows).toEqual([
          { actor_email: "first@example.com", n: 500 },
          { actor_email: "second@example.com", n: 500 },
          { actor_email: "third@example.com", n: 500 },
        ]);
      } finally {
        await close();
      }
    }, 120_000);
  },
);
