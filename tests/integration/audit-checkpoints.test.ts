import { spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendAuditEvent } from "../../lib/audit/append";
import { auditSigner, signCheckpoint, verifyAuditLog } from "../../lib/audit/checkpoints";
import { signCheckpointNote, signerFromSeed, verifierKeyText } from "../../lib/audit/checkpoint-note";
import { auditExportStream } from "../../lib/audit/export";
import { verifyAuditExport } from "../../lib/audit/verify-export";
import type { Database } from "../../lib/db/client";
import { auditFilterSchema } from "../../lib/audit/schemas";
import { databaseKinds } from "../support/console-server";
import { openTestDatabase } from "../support/database";

const run = (db: Database, statement: string) => db.execute(sql.raw(statement));
const rows = async <T>(db: Database, statement: string) =>
  ((await db.execute(sql.raw(statement))) as unknown as { rows: T[] }).rows;

async function appendOperations(count: number) {
  for (let index = 0; index < count; index += 1) {
    const operationId = randomUUID();
    const request = {
      operationId,
      actor: { id: null, email: "mod@example.com", role: "moderator" },
      action: "users.block" as const,
      targetUid: "blocker-1",
      affectedUids: ["blocker-1", `spam-${index}`],
    };
    await appendAuditEvent({ ...request, outcome: "requested" });
    await appendAuditEvent({ ...request, outcome: "succeeded", completesOperation: true, httpStatus: 200 });
  }
}

async function wholeExport(db: Database): Promise<string> {
  const stream = auditExportStream(db, auditFilterSchema.parse({}), { kind: "all" }, "ndjson", async () => undefined);
  return new Response(stream).text();
}

describe.each(await databaseKinds())("signed checkpoints on %s", (kind) => {
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(kind));
    await appendOperations(10);
    await signCheckpoint(db);
  });
  afterAll(async () => close?.());

  it("signs the head once a size, and verification holds the chain against it", async () => {
    expect(await signCheckpoint(db)).toBeUndefined();
    expect(await verifyAuditLog(db)).toMatchObject({ intact: true, checked: 20, checkpoints: 1, latestCheckpoint: 20 });
  });

  describe("with the triggers switched off, as an intruder would", () => {
    beforeAll(async () => {
      await run(db, "ALTER TABLE audit_events DISABLE TRIGGER USER");
      await run(db, "ALTER TABLE audit_checkpoints DISABLE TRIGGER USER");
    });
    afterAll(async () => {
      await run(db, "ALTER TABLE audit_events ENABLE TRIGGER USER");
      await run(db, "ALTER TABLE audit_checkpoints ENABLE TRIGGER USER");
    });

    it("names a log cut short after a checkpoint: truncated", async () => {
      await run(db, "CREATE TABLE tail AS SELECT * FROM audit_events WHERE seq > 17");
      await run(db, "DELETE FROM audit_events WHERE seq > 17");
      const result = await verifyAuditLog(db);
      expect(result).toMatchObject({ intact: false, checked: 17, firstBreak: { problem: "truncated" } });
      await run(db, "INSERT INTO audit_events SELECT * FROM tail");
      await run(db, "DROP TABLE tail");
      expect((await verifyAuditLog(db)).intact).toBe(true);
    });

    it("refuses a checkpoint signed by another key: bad signature", async () => {
      const other = signerFromSeed(randomBytes(32).toString("hex"));
      const [head] = await rows<{ hash: string }>(db, "SELECT hash FROM audit_events WHERE seq = 10");
      const note = signCheckpointNote({ size: 10, hash: head!.hash, signedAt: new Date() }, other);
      await db.execute(
        sql`INSERT INTO audit_checkpoints (size, origin, hash, signed_at, note) VALUES (10, ${other.name}, ${head!.hash}, now(), ${note})`,
      );
      expect(await verifyAuditLog(db)).toMatchObject({ intact: false, firstBreak: { problem: "bad signature" } });
      await run(db, "DELETE FROM audit_checkpoints WHERE size = 10");
      expect((await verifyAuditLog(db)).intact).toBe(true);
    });

    it("names a checkpoint whose hash is not the entry's: checkpoint mismatch", async () => {
      const note = signCheckpointNote({ size: 12, hash: "ab".repeat(32), signedAt: new Date() }, auditSigner());
      await db.execute(
        sql`INSERT INTO audit_checkpoints (size, origin, hash, signed_at, note) VALUES (12, 'x', 'x', now(), ${note})`,
      );
      expect(await verifyAuditLog(db)).toMatchObject({
        intact: false,
        firstBreak: { seq: 12, problem: "checkpoint mismatch" },
      });
      await run(db, "DELETE FROM audit_checkpoints WHERE size = 12");
    });

    it("finds a UID removed from the UID index", async () => {
      await run(db, "ALTER TABLE audit_event_uids DISABLE TRIGGER USER");
      await run(db, "DELETE FROM audit_event_uids WHERE uid = 'spam-3'");
      expect(await verifyAuditLog(db)).toMatchObject({ intact: false, firstBreak: { seq: 7, problem: "edited" } });
      await run(
        db,
        `INSERT INTO audit_event_uids (uid, seq, action, listed)
         SELECT 'spam-3', seq, action, parent_operation_id IS NULL FROM audit_events WHERE seq = 7`,
      );
      await run(db, "ALTER TABLE audit_event_uids ENABLE TRIGGER USER");
      expect(await verifyAuditLog(db)).toMatchObject({ intact: true });
    });

    it("finds a UID row filed under another action or folded away", async () => {
      await run(db, "ALTER TABLE audit_event_uids DISABLE TRIGGER USER");
      try {
        await run(db, "UPDATE audit_event_uids SET action = 'users.unblock' WHERE uid = 'spam-3' AND seq = 7");
        expect(await verifyAuditLog(db)).toMatchObject({
          intact: false,
          firstBreak: { seq: 7, problem: "edited", detail: expect.stringContaining("under users.unblock") },
        });
        await run(
          db,
          `UPDATE audit_event_uids AS row SET action = entry.action, listed = false
           FROM audit_events AS entry WHERE row.uid = 'spam-3' AND row.seq = 7 AND entry.seq = 7`,
        );
        expect(await verifyAuditLog(db)).toMatchObject({
          intact: false,
          firstBreak: { seq: 7, problem: "edited", detail: expect.stringContaining("as folded") },
        });
      } finally {
        await run(db, "UPDATE audit_event_uids SET listed = true WHERE uid = 'spam-3' AND seq = 7");
        await run(db, "ALTER TABLE audit_event_uids ENABLE TRIGGER USER");
      }
      expect(await verifyAuditLog(db)).toMatchObject({ intact: true });
    });

    it("finds an outcome changed, removed or added in the outcome index", async () => {
      // Operation 4's first entry is seq 9, its completion seq 10.
      await run(db, "UPDATE audit_operation_outcomes SET outcome = 'failed' WHERE seq = 9");
      expect(await verifyAuditLog(db)).toMatchObject({ intact: false, firstBreak: { seq: 9, problem: "edited" } });
      await run(db, "DELETE FROM audit_operation_outcomes WHERE seq = 9");
      expect(await verifyAuditLog(db)).toMatchObject({ intact: false, firstBreak: { seq: 9, problem: "edited" } });
      await run(db, "INSERT INTO audit_operation_outcomes (seq, outcome) VALUES (9, 'succeeded'), (10, 'succeeded')");
      expect(await verifyAuditLog(db)).toMatchObject({ intact: false, firstBreak: { seq: 10, problem: "edited" } });
      await run(db, "DELETE FROM audit_operation_outcomes WHERE seq = 10");
      expect(await verifyAuditLog(db)).toMatchObject({ intact: true });
    });

    it("names a log cut short by the outcome rows its last entries leave behind, with no checkpoint to tell", async () => {
      await run(db, "CREATE TABLE tail AS SELECT * FROM audit_events WHERE seq > 18");
      await run(db, "ALTER TABLE audit_checkpoints DISABLE TRIGGER USER");
      await run(db, "CREATE TABLE kept_checkpoints AS SELECT * FROM audit_checkpoints");
      await run(db, "DELETE FROM audit_checkpoints");
      await run(db, "DELETE FROM audit_events WHERE seq > 18");
      expect(await verifyAuditLog(db)).toMatchObject({
        intact: false,
        checked: 18,
        firstBreak: { seq: 19, problem: "truncated" },
      });
      await run(db, "INSERT INTO audit_events SELECT * FROM tail");
      await run(db, "INSERT INTO audit_checkpoints SELECT * FROM kept_checkpoints");
      await run(db, "ALTER TABLE audit_checkpoints ENABLE TRIGGER USER");
      await run(db, "DROP TABLE tail");
      await run(db, "DROP TABLE kept_checkpoints");
      expect(await verifyAuditLog(db)).toMatchObject({ intact: true });
    });
  });

  it("verifies an export offline: intact untouched, edited when an entry was changed", async () => {
    const signed = await signCheckpoint(db, { force: true });
    const ndjson = await wholeExport(db);
    const publicKey = verifierKeyText(auditSigner());
    expect(verifyAuditExport(ndjson, signed!.checkpoint.note, publicKey)).toMatchObject({
      intact: true,
      checkpointSize: signed!.checkpoint.size,
    });
    const edited = ndjson.replace('"targetUid":"blocker-1"', '"targetUid":"someone-else"');
    expect(verifyAuditExport(edited, signed!.checkpoint.note, publicKey)).toMatchObject({
      intact: false,
      firstBreak: { problem: "edited" },
    });

    // The command line, as an auditor runs it, with no database at all.
    const dir = mkdtempSync(path.join(tmpdir(), "audit-offline-"));
    const file = (name: string, text: string) => {
      writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    const cli = (exportFile: string) =>
      spawnSync(
        process.execPath,
        [
          "node_modules/tsx/dist/cli.mjs",
          "scripts/audit-verify.ts",
          "--export",
          exportFile,
          "--checkpoint",
          file("checkpoint.txt", signed!.checkpoint.note),
          "--public-key",
          file("log.vkey", publicKey),
        ],
        { encoding: "utf8", env: { ...process.env, DATABASE_URL: "" } },
      );
    const good = cli(file("export.ndjson", ndjson));
    expect(good.stdout).toContain("The export is intact");
    expect(good.status).toBe(0);
    const bad = cli(file("edited.ndjson", edited));
    expect(bad.stdout).toMatch(/NOT intact: edited/);
    expect(bad.status).toBe(1);
  }, 60_000);
});

describe.runIf((await databaseKinds()).includes("postgres"))("two console processes signing checkpoints", () => {
  it("never store two checkpoints that disagree", async () => {
    const { db, url, close } = await openTestDatabase("postgres");
    const seed = randomBytes(32).toString("hex");
    try {
      const worker = (name: string) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "tests/support/append-worker.ts"], {
            env: {
              ...process.env,
              DATABASE_URL: url,
              WORKER: name,
              COUNT: "300",
              CONCURRENCY: "10",
              CHECKPOINT_EVERY: "20",
              AUDIT_SIGNING_KEY: seed,
              CHAT_API_KEY: "test-key",
            },
          });
          let output = "";
          child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.on("exit", (code) =>
            code === 0 ? resolve() : reject(new Error(`${name} exited with ${code}: ${output}`)),
          );
        });
      await Promise.all([worker("first"), worker("second")]);
      process.env.AUDIT_SIGNING_KEY = seed;
      (globalThis as { __moderatorConsoleEnv?: unknown }).__moderatorConsoleEnv = undefined;
      const stored = await rows<{ size: string }>(db, "SELECT size FROM audit_checkpoints");
      expect(stored.length).toBeGreaterThan(5);
      expect(await verifyAuditLog(db)).toMatchObject({ intact: true, checkpoints: stored.length });
    } finally {
      delete process.env.AUDIT_SIGNING_KEY;
      await close();
    }
  }, 120_000);
});

describe.each(await databaseKinds())("a log someone cut short, on %s", (kind) => {
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(kind));
    await appendOperations(10);
    await signCheckpoint(db);
    // What someone with the database's keys does to hide their last actions.
    await run(db, "ALTER TABLE audit_events DISABLE TRIGGER USER");
    await run(db, "DELETE FROM audit_events WHERE seq > 14");
    await run(db, "ALTER TABLE audit_events ENABLE TRIGGER USER");
  });
  afterAll(async () => close?.());

  it("is named truncated, cut after entry 14, while nothing was written after it", async () => {
    const result = await verifyAuditLog(db);
    expect(result).toMatchObject({ intact: false, firstBreak: { seq: 15, problem: "truncated" } });
    expect(result.intact === false && result.firstBreak.detail).toMatch(/^The log was cut after entry 14:/);
  });

  it("keeps appending from the entries that remain, with the removed entries' index rows replaced", async () => {
    // A process that starts on the edited database knows nothing of the removed entries.
    (globalThis as { __auditAppender?: unknown }).__auditAppender = undefined;
    await appendOperations(3);
    const entries = await rows<{ seq: number }>(db, "SELECT seq FROM audit_events ORDER BY seq");
    expect(entries.map((entry) => Number(entry.seq))).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    // The new operations' first entries are 15, 17 and 19, each with its blocker and one UID of spam-0..2.
    const uidRows = await rows<{ seq: number; uid: string }>(
      db,
      "SELECT seq, uid FROM audit_event_uids WHERE seq > 14 ORDER BY seq, uid",
    );
    expect(uidRows.map((row) => `${row.seq}:${row.uid}`)).toEqual([
      "15:blocker-1",
      "15:spam-0",
      "17:blocker-1",
      "17:spam-1",
      "19:blocker-1",
      "19:spam-2",
    ]);
    const outcomeRows = await rows<{ seq: number }>(
      db,
      "SELECT seq FROM audit_operation_outcomes WHERE seq > 14 ORDER BY seq",
    );
    expect(outcomeRows.map((row) => Number(row.seq))).toEqual([15, 17, 19]);
  });

  it("still names the cut after entry 14, against the checkpoint signed before it", async () => {
    const result = await verifyAuditLog(db);
    expect(result).toMatchObject({ intact: false, firstBreak: { seq: 15, problem: "truncated" } });
    expect(result.intact === false && result.firstBreak.detail).toMatch(
      /^The log was cut after entry 14: the checkpoint 20 in the database, signed .*, covers 20 entries, but entries 15 to 20 were written after it was signed/,
    );
  });
});
