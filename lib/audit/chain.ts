import { createHash } from "node:crypto";

export type AuditOutcome = "requested" | "succeeded" | "failed" | "partial";

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
  prevHash: string;
};

/** The `prevHash` of the first entry. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * JSON with object keys sorted at every depth and no white space, so that the same entry always
 * gives the same bytes, whatever order a database (jsonb) hands its keys back in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(",")}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  if (typeof value === "number" && !Number.isFinite(value)) return "null";
  return JSON.stringify(value);
}

/**
 * The canonical form of an entry: what `canonicalJson` gives for its fields, written out with the
 * keys already in sorted order, since verifying a large log spends most of its time here.
 */
export function canonicalEntry(entry: ChainedEntry): string {
  const text = (value: string | null) => (value === null ? "null" : JSON.stringify(value));
  const number = (value: number | null) => (value === null || !Number.isFinite(value) ? "null" : String(value));
  return (
    `{"action":${text(entry.action)},"actorEmail":${text(entry.actorEmail)},"actorId":${text(entry.actorId)}` +
    `,"actorRole":${text(entry.actorRole)},"durationMs":${number(entry.durationMs)},"errorCode":${text(entry.errorCode)}` +
    `,"httpStatus":${number(entry.httpStatus)},"id":${text(entry.id)},"ip":${text(entry.ip)}` +
    `,"occurredAt":${JSON.stringify(entry.occurredAt.toISOString())},"onBehalfOf":${text(entry.onBehalfOf)}` +
    `,"operationId":${text(entry.operationId)},"outcome":${text(entry.outcome)},"prevHash":${text(entry.prevHash)}` +
    `,"reason":${text(entry.reason)},"requestBody":${canonicalJson(entry.requestBody)},"requestId":${text(entry.requestId)}` +
    `,"seq":${number(entry.seq)},"summary":${canonicalJson(entry.summary)},"targetUid":${text(entry.targetUid)}` +
    `,"userAgent":${text(entry.userAgent)}}`
  );
}

/** The same canonical form through the generic serialiser: what `canonicalEntry` must equal. */
export function canonicalEntryGeneric(entry: ChainedEntry): string {
  return canonicalJson({
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
    requestBody: entry.requestBody ?? null,
    outcome: entry.outcome,
    httpStatus: entry.httpStatus,
    errorCode: entry.errorCode,
    summary: entry.summary ?? null,
    durationMs: entry.durationMs,
    ip: entry.ip,
    userAgent: entry.userAgent,
    requestId: entry.requestId,
    prevHash: entry.prevHash,
  });
}

/** SHA-256 of the canonical entry, which includes the hash of the entry before it. */
export function hashEntry(entry: ChainedEntry): string {
  return createHash("sha256").update(canonicalEntry(entry)).digest("hex");
}

export type ChainBreak = {
  seq: number;
  id: string;
  problem: "edited" | "missing before" | "out of order" | "broken link";
  detail: string;
};

/**
 * Checks entries handed over in order of `seq`, batch by batch; `state` carries the last entry
 * seen from one batch to the next. Returns the first break, if any.
 */
export function checkChainSegment(
  entries: Array<ChainedEntry & { hash: string }>,
  state: { lastSeq: number; lastHash: string },
): ChainBreak | undefined {
  for (const entry of entries) {
    if (entry.seq !== state.lastSeq + 1) {
      return entry.seq > state.lastSeq + 1
        ? {
            seq: entry.seq,
            id: entry.id,
            problem: "missing before",
            detail: `Entries ${state.lastSeq + 1} to ${entry.seq - 1} are missing (deleted?).`,
          }
        : {
            seq: entry.seq,
            id: entry.id,
            problem: "out of order",
            detail: `Entry ${entry.seq} follows entry ${state.lastSeq}.`,
          };
    }
    if (entry.prevHash !== state.lastHash) {
      return {
        seq: entry.seq,
        id: entry.id,
        problem: "broken link",
        detail: `Entry ${entry.seq} does not carry the hash of entry ${state.lastSeq}: an entry before it was replaced, inserted or reordered.`,
      };
    }
    if (hashEntry(entry) !== entry.hash) {
      return {
        seq: entry.seq,
        id: entry.id,
        problem: "edited",
        detail: `Entry ${entry.seq} does not match its own hash: it was edited.`,
      };
    }
    state.lastSeq = entry.seq;
    state.lastHash = entry.hash;
  }
  return undefined;
}
