import type { ChainBreak } from "./chain";
import { verifyCheckpointNote, type AuditVerifier } from "./checkpoint-note";

/** A signed note and where it was found, for the report. */
export type CheckpointSource = { where: string; note: string };

/**
 * Holds checkpoints against a chain already walked: `size` entries, and the hash of the entry at
 * each checkpoint's size. Shared by the database check and the offline check of an export.
 */
export function checkCheckpoints(
  sources: CheckpointSource[],
  key: AuditVerifier,
  chain: {
    size: number;
    hashAt: (size: number) => string | undefined;
    /**
     * The last entry, up to `size`, written no later than `signedAt`: where a log was cut and written on
     * from, when the entries from the next one to `size` were all written after the checkpoint was signed.
     */
    lastWrittenBy?: (size: number, signedAt: Date) => number | undefined;
  },
): { checked: number; latest: number | null; firstBreak?: ChainBreak } {
  let latest: number | null = null;
  for (const [index, source] of sources.entries()) {
    const check = verifyCheckpointNote(source.note, key);
    if (!check.ok) {
      return {
        checked: index,
        latest,
        firstBreak: {
          seq: 0,
          id: null,
          problem: "bad signature",
          detail: `The ${source.where} is refused: ${check.problem}.`,
        },
      };
    }
    const { size, hash, signedAt } = check.checkpoint;
    const signed = `the ${source.where}, signed ${signedAt.toISOString()}, covers ${size} entries`;
    if (size > chain.size) {
      return {
        checked: index,
        latest,
        firstBreak: {
          seq: chain.size + 1,
          id: null,
          problem: "truncated",
          detail: `The log was cut after entry ${chain.size}: ${signed}, and the log now ends at entry ${chain.size}. Entries ${chain.size + 1} to ${size} were removed from the end.`,
        },
      };
    }
    const cut = chain.hashAt(size) === hash ? undefined : chain.lastWrittenBy?.(size, signedAt);
    if (cut !== undefined && cut < size) {
      return {
        checked: index,
        latest,
        firstBreak: {
          seq: cut + 1,
          id: null,
          problem: "truncated",
          detail: `The log was cut after entry ${cut}: ${signed}, but entries ${cut + 1} to ${size} were written after it was signed. The entries it signed from ${cut + 1} on were removed, and the log was written on from entry ${cut}.`,
        },
      };
    }
    if (chain.hashAt(size) !== hash) {
      return {
        checked: index,
        latest,
        firstBreak: {
          seq: size,
          id: null,
          problem: "checkpoint mismatch",
          detail: `Entry ${size} does not have the hash the ${source.where} signed: the log was rewritten up to it.`,
        },
      };
    }
    latest = Math.max(latest ?? 0, size);
  }
  return { checked: sources.length, latest };
}
