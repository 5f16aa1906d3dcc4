import { hash } from "node:crypto";
import type { AffectedUids } from "@/lib/db/schema";
import type { AuditOutcome } from "./vocabulary";

/** An entry of the action log as it is hashed: every stored field but its own hash. */
export type ChainedEntry = {
  seq: number;
  id: string;
  occurredAt: Date;
  operationId: string;
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  targetUid: string | null;
  onBehalfOf: string | null;
  reason: string | null;
  requestBody: unknown;
  outcome: AuditOutcome;
  httpStatus: number | null;
  errorCode: string | null;
  summary: unknown;
  durationMs: number | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  /** Hashed only when set, so that entries written before these fields existed keep their hashes. */
  affected: AffectedUids | null;
  completesOperation: boolean;
  parentOperationId: string | null;
  prevHash: string;
};

/** The `prevHash` of the first entry. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * RFC 8785 (JSON Canonicalization Scheme) text of JSON data: object members sorted by their names'
 * UTF-16 code units at every depth, no white space, numbers as ECMAScript writes them, strings as
 * JSON.stringify escapes them. docs/action-log-hash.md specifies the form; anything that is not JSON
 * data (undefined, NaN, a Date, a bigint) is refused rather than silently turned into something.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`${value} is not a JSON number`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(",")}]`;
  const prototype = typeof value === "object" ? (Object.getPrototypeOf(value) as unknown) : undefined;
  if (prototype === Object.prototype || prototype === null) {
    // Keys in UTF-16 code unit order (sort()'s own), written in one pass: verification of a large log
    // runs this for every entry's request and summary.
    const object = value as Record<string, unknown>;
    let text = "";
    for (const key of Object.keys(object).sort())
      text += `${text === "" ? "" : ","}${JSON.stringify(key)}:${canonicalJson(object[key])}`;
    return `{${text}}`;
  }
  throw new TypeError(`${Object.prototype.toString.call(value)} is not JSON data`);
}

/** A value as JSON data, as the database stores it (dates as ISO text, undefined members gone): what is hashed. */
export function asJsonData(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value) ?? "null") as unknown;
}

/**
 * The canonical form of an entry: what `canonicalJson` gives for its fields, written out with the
 * keys already in sorted order, since verifying a large log spends most of its time here.
 */
export function canonicalEntry(entry: ChainedEntry): string {
  const text = (value: string | null) => (value === null ? "null" : JSON.stringify(value));
  const number = (value: number | null) => (value === null ? "null" : canonicalJson(value));
  return (
    `{"action":${text(entry.action)},"actorEmail":${text(entry.actorEmail)},"actorId":${text(entry.actorId)}` +
    `,"actorRole":${text(entry.actorRole)}` +
    (entry.affected !== null ? `,"affected":${canonicalJson(entry.affected)}` : "") +
    (entry.completesOperation === true ? `,"completesOperation":true` : "") +
    `,"durationMs":${number(entry.durationMs)},"errorCode":${text(entry.errorCode)}` +
    `,"httpStatus":${number(entry.httpStatus)},"id":${text(entry.id)},"ip":${text(entry.ip)}` +
    `,"occurredAt":${JSON.stringify(entry.occurredAt.toISOString())},"onBehalfOf":${text(entry.onBehalfOf)}` +
    `,"operationId":${text(entry.operationId)},"outcome":${text(entry.outcome)}` +
    (entry.parentOperationId !== null ? `,"parentOperationId":${text(entry.parentOperationId)}` : "") +
    `,"prevHash":${text(entry.prevHash)}` +
    `,"reason":${text(entry.reason)},"requestBody":${canonicalJson(entry.requestBody)},"requestId":${text(entry.requestId)}` +
    `,"seq":${number(entry.seq)},"summary":${canonicalJson(entry.summary)},"targetUid":${text(entry.targetUid)}` +
    `,"userAgent":${text(entry.userAgent)}}`
  );
}

/**
 * The object whose canonical JSON is hashed (docs/action-log-hash.md): every field but the hash,
 * with the three added last (`affected`, `completesOperation`, `parentOperationId`) only when set,
 * so that entries written before they existed keep their hashes.
 */
function hashedObject(entry: ChainedEntry): Record<string, unknown> {
  return {
    seq: entry.seq,
    id: entry.id,
    occurredAt: entry.occurredAt.toISOString(),
    operationId: entry.operationId,
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    actorRole: entry.actorRole,
    action: entry.action,
    targetUid: entry.targetUid,
    onBehalfOf: entry.onBehalfOf,
    reason: entry.reason,
    requestBody: entry.requestBody,
    outcome: entry.outcome,
    httpStatus: entry.httpStatus,
    errorCode: entry.errorCode,
    summary: entry.summary,
    durationMs: entry.durationMs,
    ip: entry.ip,
    userAgent: entry.userAgent,
    requestId: entry.requestId,
    ...(entry.affected !== null ? { affected: entry.affected } : {}),
    ...(entry.completesOperation === true ? { completesOperation: true } : {}),
    ...(entry.parentOperationId !== null ? { parentOperationId: entry.parentOperationId } : {}),
    prevHash: entry.prevHash,
  };
}

/** The same canonical form through the generic serialiser: what `canonicalEntry` must equal. */
export function canonicalEntryGeneric(entry: ChainedEntry): string {
  return canonicalJson(hashedObject(entry));
}

/** SHA-256 of the canonical entry, which includes the hash of the entry before it. */
export function hashEntry(entry: ChainedEntry): string {
  return hash("sha256", canonicalEntry(entry), "hex");
}

/** The kinds of tampering verification names; the last three come from signed checkpoints. */
type TamperKind =
  "edited" | "deleted" | "inserted" | "reordered" | "truncated" | "checkpoint mismatch" | "bad signature";

export type ChainBreak = { seq: number; id: string | null; problem: TamperKind; detail: string };

type Linked = ChainedEntry & { hash: string };

/**
 * What a link that does not hold means. An entry carrying the hash of one further on was moved
 * (reordered); an entry whose removal would mend the chain, or that is not even consistent with
 * itself, was put in (inserted); an entry consistent with itself that links to nothing had the
 * entry before it rewritten, hash and all (edited).
 */
function brokenLinkKind(entry: Linked, ahead: Linked[], lastHash: string): "edited" | "inserted" | "reordered" {
  if (ahead.some((later) => later.hash === entry.prevHash)) return "reordered";
  if (ahead[0]?.prevHash === lastHash) return "inserted";
  return hashEntry(entry) === entry.hash ? "edited" : "inserted";
}

const DETAILS: Record<"edited" | "inserted" | "reordered", (seq: number) => string> = {
  edited: (seq) => `Entry ${seq} or the one before it does not match its hash: it was edited.`,
  inserted: (seq) => `Entry ${seq} does not belong in the chain: it was inserted.`,
  reordered: (seq) => `Entry ${seq} carries the hash of an entry that comes after it: entries were reordered.`,
};

/**
 * Checks entries handed over in order of `seq`, batch by batch; `state` carries the last entry
 * seen from one batch to the next. Returns the first break, if any, named by the kind of tampering.
 */
export function checkChainSegment(
  entries: Linked[],
  state: { lastSeq: number; lastHash: string },
  onEntry?: (entry: Linked) => void,
): ChainBreak | undefined {
  for (const [index, entry] of entries.entries()) {
    if (entry.seq !== state.lastSeq + 1) {
      return entry.seq > state.lastSeq + 1
        ? {
            seq: entry.seq,
            id: entry.id,
            problem: "deleted",
            detail: `Entries ${state.lastSeq + 1} to ${entry.seq - 1} are missing: they were deleted.`,
          }
        : {
            seq: entry.seq,
            id: entry.id,
            problem: "reordered",
            detail: `Entry ${entry.seq} follows entry ${state.lastSeq}.`,
          };
    }
    if (entry.prevHash !== state.lastHash) {
      const problem = brokenLinkKind(entry, entries.slice(index + 1), state.lastHash);
      return { seq: entry.seq, id: entry.id, problem, detail: DETAILS[problem](entry.seq) };
    }
    if (hashEntry(entry) !== entry.hash) {
      return { seq: entry.seq, id: entry.id, problem: "edited", detail: DETAILS.edited(entry.seq) };
    }
    onEntry?.(entry);
    state.lastSeq = entry.seq;
    state.lastHash = entry.hash;
  }
  return undefined;
}
