import { z } from "zod";
import { checkChainSegment, GENESIS_HASH, type ChainBreak } from "./chain";
import { checkCheckpoints } from "./checkpoint-check";
import { parseVerifierKey } from "./checkpoint-note";
import type { AuditEvent } from "./append";

export type ExportVerification =
  | { intact: true; checked: number; checkpointSize: number }
  | { intact: false; checked: number; firstBreak: ChainBreak };

const lineSchema = z
  .looseObject({
    seq: z.number().int().positive(),
    occurredAt: z.iso.datetime({ message: "occurredAt must be an ISO time" }),
    hash: z.string().regex(/^[0-9a-f]{64}$/, "hash must be 64 hex digits"),
  })
  .transform((entry) => ({ ...entry, occurredAt: new Date(entry.occurredAt) }) as unknown as AuditEvent);

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
        throw new Error(`Line ${index + 1} of the export is not an entry: ${parsed.error.issues[0]?.message}`);
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
