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
  chain: { size: number; hashAt: (size: number) => string | undefined },
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
    const { size, hash } = check.checkpoint;
    if (size > chain.size) {
      return {
        checked: index,
        latest,
        firstBreak: {
          seq: chain.size + 1,
          id: null,
          problem: "truncated",
          detail: `The log has ${chain.size} entries, but the ${source.where} was signed when it had ${size}: entries were removed from the end.`,
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
