import { z } from "zod";
import { checkChainSegment, GENESIS_HASH, type ChainBreak } from "./chain";
import { checkCheckpoints } from "./checkpoint-check";
import { parseVerifierKey } from "./checkpoint-note";
import type { AuditEvent } from "./append";

export type ExportVerification =
  | { intact: true; checked: number; checkpointSize: number }
  | { intact: false; checked: number; firstBreak: ChainBreak };

const text = z.string().nullable();
const integer = z.number().int().nullable();

/** A line of an export: exactly the members of an entry (docs/action-log-hash.md), each of its type. */
const lineSchema = z
  .strictObject({
    seq: z.number().int().positive(),
    id: z.string(),
    occurredAt: z.string().refine((time) => {
      const at = new Date(time);
      return !Number.isNaN(at.getTime()) && at.toISOString() === time;
    }, "must be a UTC time written YYYY-MM-DDTHH:MM:SS.sssZ"),
    operationId: z.string(),
    actorId: text,
    actorEmail: text,
    actorRole: text,
    action: z.string(),
    targetUid: text,
    onBehalfOf: text,
    reason: text,
    requestBody: z.unknown(),
    outcome: z.string(),
    httpStatus: integer,
    errorCode: text,
    summary: z.unknown(),
    durationMs: integer,
    ip: text,
    userAgent: text,
    requestId: text,
    // Added later: entries exported before they existed may leave them out.
    affected: z
      .strictObject({ count: z.number().int(), sample: z.array(z.string()), sha256: z.string() })
      .nullable()
      .default(null),
    completesOperation: z.boolean().default(false),
    parentOperationId: text.default(null),
    prevHash: z.string(),
    hash: z.string().regex(/^[0-9a-f]{64}$/, "must be 64 lowercase hex digits"),
  })
  .transform((entry): AuditEvent => ({ ...entry, occurredAt: new Date(entry.occurredAt) }) as AuditEvent);

const firstProblem = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join(".") || "the line"}: ${issue.message}` : "not an entry";
};

/**
 * Checks an NDJSON export of the whole log against a signed checkpoint and this log's public key,
 * with no database: the entries must chain from the first one, and the checkpoint's size and hash
 * must be those of the export. An export of a filter leaves entries out, and fails as "deleted".
 */
export function verifyAuditExport(ndjson: string, checkpointNote: string, publicKey: string): ExportVerification {
  const key = parseVerifierKey(publicKey);
  const entries = ndjson
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      const parsed = lineSchema.safeParse(JSON.parse(line));
      if (!parsed.success)
        throw new Error(`Line ${index + 1} of the export is not an entry: ${firstProblem(parsed.error)}`);
      return parsed.data;
    })
    .sort((a, b) => a.seq - b.seq);
  const state = { lastSeq: 0, lastHash: GENESIS_HASH };
  const firstBreak = checkChainSegment(entries, state);
  if (firstBreak) return { intact: false, checked: firstBreak.seq - 1, firstBreak };
  const hashes = new Map(entries.map((entry) => [entry.seq, entry.hash]));
  const result = checkCheckpoints([{ where: "checkpoint file", note: checkpointNote }], key, {
    size: entries.length,
    hashAt: (size) => hashes.get(size),
  });
  if (result.firstBreak) return { intact: false, checked: entries.length, firstBreak: result.firstBreak };
  return { intact: true, checked: entries.length, checkpointSize: result.latest ?? 0 };
}
