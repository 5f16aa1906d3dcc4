import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sampleChain } from "../../tests/support/sample-chain";
import { canonicalEntry, hashEntry, type ChainedEntry } from "./chain";
import { signCheckpointNote, signerFromSeed, verifierKeyText } from "./checkpoint-note";
import { verifyAuditExport } from "./verify-export";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SPEC = readFileSync(path.join(ROOT, "docs/action-log-hash.md"), "utf8");
const dir = mkdtempSync(path.join(tmpdir(), "hash-spec-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const block = (language: string, after: string) =>
  new RegExp(`${after}[\\s\\S]*?\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(SPEC)![1]!.trim().split("\n");

const toEntry = (line: Record<string, unknown>) =>
  ({ ...line, occurredAt: new Date(line.occurredAt as string) }) as unknown as ChainedEntry & { hash: string };

/** docs/verify-export.py on NDJSON text: Python's standard library, none of the console's code. */
function python(ndjson: string, ...args: string[]) {
  const file = path.join(dir, `${randomBytes(4).toString("hex")}.ndjson`);
  writeFileSync(file, ndjson);
  const result = spawnSync("python3", [path.join(ROOT, "docs/verify-export.py"), file, ...args], { encoding: "utf8" });
  return { status: result.status, stdout: result.stdout };
}

describe("the worked example of docs/action-log-hash.md", () => {
  const lines = block("json", "### A worked example").map((line) => JSON.parse(line) as Record<string, unknown>);
  const hashed = block("text", "Their hashed forms");

  it("is what the console writes and hashes", () => {
    expect(lines).toHaveLength(2);
    for (const [index, line] of lines.entries()) {
      expect(canonicalEntry(toEntry(line))).toBe(hashed[index]);
      expect(hashEntry(toEntry(line))).toBe(line.hash);
    }
  });

  it("is intact for docs/verify-export.py", () => {
    expect(python(lines.map((line) => JSON.stringify(line)).join("\n"))).toMatchObject({ status: 0 });
  });
});

/** Entries with every kind of value RFC 8785 writes in its own way, chained by the console's code. */
function awkwardChain(count: number): Array<ChainedEntry & { hash: string }> {
  const values: unknown[] = [
    { numbers: [333333333.3333333, 1e30, 4.5, 0.002, 1e-27, 1e21, 1e20, 1e-7, 0.000001, 5e-324, 2 ** 53 + 2, -1.5] },
    {
      "\u20ac": 1,
      "\r": 2,
      "\ufb33": 3,
      "1": 4,
      "\ud83d\ude00": 5,
      "\u0080": 6,
      "\u00f6": 7,
      "": [],
      deep: { b: null },
    },
    { text: '€$\u000f\nA\'B"\\\\"/\u2028\u007f\b\f\t\r\u0001 \\u0000 \\ud800 ünï 🚫' },
    null,
  ];
  return sampleChain(count, (seq) => ({
    occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq, seq * 7)),
    reason: seq % 2 ? "Spam — «links» 🚫" : null,
    requestBody: values[seq % values.length],
    httpStatus: seq % 3 ? 200 : null,
    summary: values[(seq + 1) % values.length],
    durationMs: seq,
    affected: seq % 2 ? { count: 2, sample: [`user-${seq}`, "spam"], sha256: "a".repeat(64) } : null,
  }));
}

/** The chain as an export writes it: newest first, every member. */
const exported = (chain: Array<ChainedEntry & { hash: string }>) =>
  chain
    .toReversed()
    .map((entry) => JSON.stringify({ ...entry, occurredAt: entry.occurredAt.toISOString() }))
    .join("\n");

describe("docs/verify-export.py and the console agree", () => {
  const chain = awkwardChain(12);
  const ndjson = exported(chain);
  const signer = signerFromSeed(randomBytes(32).toString("hex"));
  const checkpoint = signCheckpointNote({ size: 10, hash: chain[9]!.hash, signedAt: new Date() }, signer);
  const consoleVerdict = (text: string) => verifyAuditExport(text, checkpoint, verifierKeyText(signer));
  writeFileSync(path.join(dir, "checkpoint.txt"), checkpoint);

  it("on an intact export of awkward values, with its checkpoint", () => {
    expect(consoleVerdict(ndjson)).toMatchObject({ intact: true, checked: 12 });
    const result = python(ndjson, "--checkpoint", path.join(dir, "checkpoint.txt"));
    expect(result.stdout).toContain(
      `intact: 12 entries chain from the first; the newest, #12, has hash ${chain[11]!.hash}`,
    );
    expect(result.stdout).toContain("entry #10 has the hash the checkpoint signed");
    expect(result.status).toBe(0);
  });

  it("on an entry changed by one character, a dropped entry and two entries swapped", () => {
    const changed = ndjson.replace("ünï", "uni");
    expect(consoleVerdict(changed)).toMatchObject({ intact: false, firstBreak: { problem: "edited" } });
    expect(python(changed)).toMatchObject({ status: 1, stdout: expect.stringMatching(/does not match its hash/) });

    const dropped = exported(chain.toSpliced(4, 1));
    expect(consoleVerdict(dropped)).toMatchObject({ intact: false, firstBreak: { seq: 6, problem: "deleted" } });
    expect(python(dropped).stdout).toContain("entries #5 to #5 are missing before entry #6");

    const swapped = exported([
      ...chain.slice(0, 2),
      { ...chain[3]!, seq: 3 },
      { ...chain[2]!, seq: 4 },
      ...chain.slice(4),
    ]);
    expect(consoleVerdict(swapped)).toMatchObject({ intact: false, firstBreak: { seq: 3, problem: "reordered" } });
    expect(python(swapped).stdout).toContain("entry #3 (id 00000000-0000-4000-8000-000000000004): its prevHash");
  });

  it("on an export cut short of its checkpoint, and on a member the log does not have", () => {
    const cut = exported(chain.slice(0, 8));
    expect(consoleVerdict(cut)).toMatchObject({ intact: false, firstBreak: { problem: "truncated" } });
    expect(python(cut, "--checkpoint", path.join(dir, "checkpoint.txt")).stdout).toContain(
      "the checkpoint was signed at 10 entries and the export has 8: truncated",
    );
    const extra = ndjson.replace('"seq":1,', '"seq":1,"note":"added",');
    expect(() => consoleVerdict(extra)).toThrow(/not an entry: the line: Unrecognized key: "note"/);
    expect(python(extra)).toMatchObject({ status: 1, stdout: expect.stringContaining("unknown: ['note']") });
  });
});
