import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signCheckpointNote, signerFromSeed } from "../../lib/audit/checkpoint-note";
import type { Database } from "../../lib/db/client";
import { databaseKinds } from "../support/console-server";
import { REASON, realAuditLog, run, withConsoleDatabase, type RealAuditLog } from "../support/audit-log-fixture";

const exec = async (db: Database, statement: string) => {
  await db.execute(sql.raw(statement));
};

/** What an intruder with the database's keys does, and what `npm run audit:verify` must then say. */
type Tamper = {
  problem: string;
  at: (log: RealAuditLog) => string;
  change: (db: Database, log: RealAuditLog) => Promise<void>;
};

const TAMPERS: Record<string, Tamper> = {
  edited: {
    problem: "edited",
    at: () => " at entry #3",
    change: (db) => exec(db, "UPDATE audit_events SET reason = 'changed afterwards' WHERE seq = 3"),
  },
  deleted: {
    problem: "deleted",
    at: () => " at entry #4",
    change: (db) => exec(db, "DELETE FROM audit_events WHERE seq = 3"),
  },
  inserted: {
    problem: "inserted",
    at: (log) => ` at entry #${entryCount(log) + 1}`,
    change: async (db) => {
      // An entry added after the newest one, that links to nothing.
      await exec(db, "CREATE TABLE forged AS SELECT * FROM audit_events ORDER BY seq DESC LIMIT 1");
      await exec(db, "UPDATE forged SET seq = seq + 1, id = gen_random_uuid(), hash = repeat('1', 64)");
      await exec(db, "INSERT INTO audit_events SELECT * FROM forged");
      await exec(db, "DROP TABLE forged");
    },
  },
  reordered: {
    problem: "reordered",
    at: () => " at entry #3",
    change: async (db) => {
      await exec(db, "UPDATE audit_events SET seq = -3 WHERE seq = 3");
      await exec(db, "UPDATE audit_events SET seq = 3 WHERE seq = 4");
      await exec(db, "UPDATE audit_events SET seq = 4 WHERE seq = -3");
    },
  },
  truncated: {
    problem: "truncated",
    at: (log) => ` at entry #${log.checkpoint.size}`,
    change: (db, log) => exec(db, `DELETE FROM audit_events WHERE seq >= ${log.checkpoint.size}`),
  },
  "checkpoint mismatch": {
    problem: "checkpoint mismatch",
    at: () => " at entry #3",
    change: async (db, log) => {
      // Signed with the log's own key, taken from the data folder: the hash is not entry 3's.
      const signer = signerFromSeed(readFileSync(path.join(log.server.dataDir, "audit-signing-key"), "utf8").trim());
      const note = signCheckpointNote({ size: 3, hash: "ab".repeat(32), signedAt: new Date() }, signer);
      await db.execute(
        sql`INSERT INTO audit_checkpoints (size, origin, hash, signed_at, note) VALUES (3, ${signer.name}, ${"ab".repeat(32)}, now(), ${note})`,
      );
    },
  },
  "bad signature": {
    problem: "bad signature",
    at: () => "",
    change: (db) => exec(db, "UPDATE audit_checkpoints SET note = replace(note, E'\\ntime ', E'\\ntime  ')"),
  },
};

const exportedCount = (log: RealAuditLog) => log.ndjson.trim().split("\n").length;
/** The log holds one entry more than its export: the export's own completion, written once its last line was sent. */
const entryCount = (log: RealAuditLog) => exportedCount(log) + 1;

describe.each(await databaseKinds())("npm run audit:verify, exactly as docs/operations.md writes it, on %s", (kind) => {
  let log: RealAuditLog;
  let snapshot = false;
  const audit = (...args: string[]) =>
    run("npm", ["run", "audit:verify", ...(args.length ? ["--", ...args] : [])], { env: log.env });

  beforeAll(async () => {
    log = await realAuditLog(kind);
    // With PGlite the command needs the console stopped (one process at a time); PostgreSQL's keeps running.
    if (kind === "pglite") await log.server.terminate("SIGTERM");
  });
  afterAll(async () => log?.close());

  it("says the untouched log is intact, with no option at all (exit 0)", () => {
    const result = audit();
    expect(result.output).not.toContain("Invalid");
    expect(result.stdout).toContain(
      `The action log is intact: ${entryCount(log)} entries and 1 signed checkpoint checked`,
    );
    expect(result.status).toBe(0);
  });

  it.each(Object.keys(TAMPERS))("names a log %s (exit 1)", async (name) => {
    const tamper = TAMPERS[name]!;
    await withConsoleDatabase(log, async (db) => {
      if (!snapshot) {
        // Switched off as an intruder would; the log and its checkpoints kept aside, to put back between cases.
        await exec(db, "ALTER TABLE audit_events DISABLE TRIGGER USER");
        await exec(db, "ALTER TABLE audit_checkpoints DISABLE TRIGGER USER");
        await exec(db, "CREATE TABLE kept_events AS SELECT * FROM audit_events");
        await exec(db, "CREATE TABLE kept_checkpoints AS SELECT * FROM audit_checkpoints");
        snapshot = true;
      }
      await restore(db);
      await tamper.change(db, log);
    });
    const result = audit();
    expect(result.stdout).toContain(`The action log is NOT intact: ${tamper.problem}${tamper.at(log)}`);
    expect(result.status).toBe(1);
  });

  it("says intact again once the log is put back", async () => {
    await withConsoleDatabase(log, restore);
    expect(audit().status).toBe(0);
  });

  it("checks an export offline with --export, --checkpoint and --public-key", () => {
    const files = (exportFile: string) => [
      "--export",
      exportFile,
      "--checkpoint",
      log.file("checkpoint.txt"),
      "--public-key",
      log.file("action-log.vkey"),
    ];
    const intact = audit(...files(log.file("action-log.ndjson")));
    expect(intact.stdout).toContain(`The export is intact: ${exportedCount(log)} entries chain from the first`);
    expect(intact.status).toBe(0);

    expect(log.ndjson).toContain(JSON.stringify(REASON).slice(1, -1));
    writeFileSync(log.file("changed.ndjson"), log.ndjson.replace("ünïcode", "unïcode"));
    const changed = audit(...files(log.file("changed.ndjson")));
    expect(changed.stdout).toMatch(/The action log is NOT intact: edited at entry #\d+/);
    expect(changed.status).toBe(1);

    const partial = audit("--export", log.file("action-log.ndjson"));
    expect(partial.stderr).toContain("--checkpoint and --public-key are missing");
    expect(partial.status).toBe(2);
  });
});

async function restore(db: Database) {
  await exec(db, "DELETE FROM audit_events");
  await exec(db, "INSERT INTO audit_events SELECT * FROM kept_events");
  await exec(db, "DELETE FROM audit_checkpoints");
  await exec(db, "INSERT INTO audit_checkpoints SELECT * FROM kept_checkpoints");
}
