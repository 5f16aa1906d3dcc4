import type { AuditCompletion } from "@/lib/audit/operation";
import type { BlockOutcomeKind, BlockOutcomeRow } from "@/lib/chat-api/block-outcomes";

export type BlockAnswer = {
  rows: BlockOutcomeRow[];
  counts: Record<BlockOutcomeKind, number>;
  raw: unknown;
  /** Undefined when the answer never came. */
  status?: number;
  /** Why the answer never came, for the moderator: the call may have taken effect. */
  lost?: string;
  /** ISO time: when the UIDs still unknown are settled, once the lost call can no longer take effect. */
  settlesAt?: string;
};

/**
 * The one roll-up of a block or unblock for the log: per-UID outcomes; partial when some UIDs failed
 * and others did not; "unknown" while a lost answer left UIDs that nothing has settled yet.
 */
export function blockCompletion(answer: Pick<BlockAnswer, "rows" | "counts" | "status" | "lost">): AuditCompletion {
  const failed = answer.counts.failed + answer.counts.unknown + answer.counts.not_found;
  const outcome =
    answer.counts.unknown > 0 && answer.lost
      ? "unknown"
      : failed === 0
        ? "succeeded"
        : failed === answer.rows.length
          ? "failed"
          : "partial";
  return {
    outcome,
    httpStatus: answer.status,
    ...(answer.lost ? { errorCode: "ANSWER_LOST" } : {}),
    summary: {
      ...(answer.lost ? { answerLost: answer.lost } : {}),
      counts: answer.counts,
      outcomes: Object.fromEntries(
        answer.rows.map((row) => [
          row.uid,
          { outcome: row.outcome, message: row.message, ...(row.settled ? { settled: true } : {}) },
        ]),
      ),
    },
  };
}
