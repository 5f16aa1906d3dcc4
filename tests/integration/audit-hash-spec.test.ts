import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/console-server";
import { REASON, realAuditLog, ROOT, run, type RealAuditLog } from "../support/audit-log-fixture";

const SPEC = readFileSync(path.join(ROOT, "docs/action-log-hash.md"), "utf8");
const VERIFIER = path.join(ROOT, "docs/verify-export.py");

/** The shell commands the spec gives for a checkpoint's signature, exactly as written there. */
const OPENSSL_COMMANDS = /<!-- openssl-check:start -->\n```sh\n([\s\S]*?)```\n<!-- openssl-check:end -->/.exec(
  SPEC,
)![1]!;
/** The spec's command that writes the same lines as an export straight from PostgreSQL. */
const PSQL_COMMAND = /^psql "\$DATABASE_URL" .*$/m.exec(SPEC)![0];

/**
 * The independent checks of docs/action-log-hash.md, run against what a real console wrote: the
 * Python verifier on its NDJSON export, and the openssl commands on its checkpoint and public key.
 */
describe.each(await databaseKinds())("the action log checked without the console's code, on %s", (kind) => {
  let log: RealAuditLog;
  const python = (...args: string[]) => run("python3", [VERIFIER, ...args]);
  const entries = () =>
    log.ndjson
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    log = await realAuditLog(kind);
  });
  afterAll(async () => log?.close());

  it("docs/verify-export.py finds the real export intact, and matching the signed checkpoint", () => {
    const newest = entries()[0]!;
    const result = python(log.file("action-log.ndjson"), "--checkpoint", log.file("checkpoint.txt"));
    expect(result.stdout).toContain(
      `intact: ${entries().length} entries chain from the first; the newest, #${String(newest.seq)}, has hash ${String(newest.hash)}`,
    );
    expect(result.stdout).toContain(`entry #${log.checkpoint.size} has the hash the checkpoint signed`);
    expect(result.status).toBe(0);
  });

  it("docs/verify-export.py fails when one character of an entry is changed, naming the entry", () => {
    const changed = entries().find((entry) => entry.reason === REASON)!;
    const lines = log.ndjson.split("\n");
    const index = lines.findIndex((line) => line.includes(`"id":"${String(changed.id)}"`));
    lines[index] = lines[index]!.replace("«links»", "«links»".replace("l", "L"));
    writeFileSync(log.file("changed.ndjson"), lines.join("\n"));
    const result = python(log.file("changed.ndjson"));
    expect(result.stdout).toContain(
      `NOT intact: entry #${String(changed.seq)} (id ${String(changed.id)}) does not match its hash: it was changed`,
    );
    expect(result.status).toBe(1);

    // A line dropped from the middle is named too.
    writeFileSync(log.file("short.ndjson"), log.ndjson.split("\n").toSpliced(3, 1).join("\n"));
    const short = python(log.file("short.ndjson"));
    expect(short.stdout).toMatch(/NOT intact: entries #\d+ to #\d+ are missing before entry #\d+ .*: deleted/);
    expect(short.status).toBe(1);
  });

  it("the spec's openssl commands verify the checkpoint's signature with the downloaded key", () => {
    const result = run("sh", ["-e", "-c", OPENSSL_COMMANDS], { cwd: log.dir });
    const signedEntry = entries().find((entry) => entry.seq === log.checkpoint.size)!;
    expect(result.stdout).toContain("key id matches");
    expect(result.stdout).toContain("Signature Verified Successfully");
    expect(result.stdout).toContain(`${log.checkpoint.size}\n${String(signedEntry.hash)}\n`);
    expect(result.status).toBe(0);
  });

  it("the spec's openssl commands refuse a checkpoint with one character changed", () => {
    const note = log.checkpoint.note;
    writeFileSync(
      log.file("checkpoint.txt"),
      note.replace(`\n${log.checkpoint.size}\n`, `\n${log.checkpoint.size + 1}\n`),
    );
    try {
      const result = run("sh", ["-e", "-c", OPENSSL_COMMANDS], { cwd: log.dir });
      expect(result.stdout).toContain("Signature Verification Failure");
      expect(result.status).not.toBe(0);
    } finally {
      writeFileSync(log.file("checkpoint.txt"), note);
    }
  });

  it.runIf(kind === "postgres")("the spec's psql command reads the same entries from the database", () => {
    const result = run("sh", ["-e", "-c", `${PSQL_COMMAND}\npython3 ${VERIFIER} action-log.ndjson`], {
      cwd: log.dir,
      env: { ...process.env, DATABASE_URL: log.url },
    });
    expect(result.stdout).toMatch(/^intact: \d+ entries chain from the first/m);
    expect(result.status).toBe(0);
  });
});
