/**
 * The one vocabulary of outcomes the console shows: of an operation in the action log, and of one
 * UID in a block, an unblock or an incident job. Labels and tones live here so that a table, a
 * badge, a summary and an export never name an outcome two ways.
 */
export type Tone = "neutral" | "success" | "warning" | "danger" | "info";

export const OUTCOMES = {
  // An operation, as the action log records it.
  requested: { label: "Requested", tone: "info" },
  succeeded: { label: "Succeeded", tone: "success" },
  partial: { label: "Partial", tone: "warning" },
  // One UID of a block or unblock.
  blocked: { label: "Blocked", tone: "success" },
  already_blocked: { label: "Already blocked", tone: "info" },
  unblocked: { label: "Unblocked", tone: "success" },
  not_blocked: { label: "Not blocked", tone: "info" },
  // One UID (or message) of a job of the other kinds.
  deactivated: { label: "Deactivated", tone: "success" },
  already_deactivated: { label: "Already deactivated", tone: "info" },
  reactivated: { label: "Reactivated", tone: "success" },
  not_deactivated: { label: "Not deactivated", tone: "info" },
  banned: { label: "Banned", tone: "success" },
  already_banned: { label: "Already banned", tone: "info" },
  unbanned: { label: "Unbanned", tone: "success" },
  not_banned: { label: "Not banned", tone: "info" },
  deleted: { label: "Deleted", tone: "success" },
  already_deleted: { label: "Already deleted", tone: "info" },
  // The chat service has no such UID: nothing to retry, so counted apart from failed.
  not_found: { label: "Not found", tone: "warning" },
  // One report of a decision: decided, refused (someone else holds or decided it), or decided elsewhere.
  done: { label: "Decided", tone: "success" },
  refused: { label: "Refused", tone: "danger" },
  gone: { label: "Decided elsewhere", tone: "neutral" },
  // A sender call of a decision whose sender had no message removed by it.
  skipped: { label: "Not sent", tone: "neutral" },
  // Either.
  failed: { label: "Failed", tone: "danger" },
  unknown: { label: "Outcome unknown", tone: "warning" },
  // One UID of an incident job that has not been, or will not be, sent.
  cancelled: { label: "Cancelled", tone: "neutral" },
  in_flight: { label: "In flight", tone: "info" },
  pending: { label: "Pending", tone: "neutral" },
} as const satisfies Record<string, { label: string; tone: Tone }>;

type Outcome = keyof typeof OUTCOMES;

/** Label and tone of any outcome, including one this console does not know yet (shown as sent). */
export function outcomeOf(outcome: string): { label: string; tone: Tone } {
  return Object.hasOwn(OUTCOMES, outcome) ? OUTCOMES[outcome as Outcome] : { label: outcome, tone: "neutral" };
}

/** What a block or unblock can answer of one UID, in the order summaries list them. */
export const BLOCK_OUTCOMES = [
  "blocked",
  "unblocked",
  "already_blocked",
  "not_blocked",
  "not_found",
  "failed",
  "unknown",
] as const;

/** "3 blocked, 1 already blocked, 1 failed": only the outcomes that occurred, in a fixed order. */
export function outcomeSummary(counts: Record<(typeof BLOCK_OUTCOMES)[number], number>): string {
  const parts = BLOCK_OUTCOMES.filter((kind) => counts[kind] > 0).map(
    (kind) => `${counts[kind]} ${OUTCOMES[kind].label.toLowerCase()}`,
  );
  return parts.length > 0 ? parts.join(", ") : "the answer names no UID";
}

/** The outcomes of one UID of a job, in the order a results filter lists them. */
export const UID_OUTCOME_ORDER = [
  ...BLOCK_OUTCOMES,
  "deactivated",
  "already_deactivated",
  "reactivated",
  "not_deactivated",
  "banned",
  "already_banned",
  "unbanned",
  "not_banned",
  "deleted",
  "already_deleted",
  "done",
  "gone",
  "refused",
  "skipped",
  "cancelled",
  "in_flight",
  "pending",
] as const;
