export type BlockOutcomeKind = "blocked" | "already_blocked" | "unblocked" | "not_blocked" | "failed" | "unknown";

export type BlockOutcomeRow = {
  uid: string;
  outcome: BlockOutcomeKind;
  /** The service's message, or the console's note where the service gave none. */
  message: string;
  /** True for a UID the service answered about that the console did not send. */
  unexpected: boolean;
  /** The entry as the service sent it, for shapes the console does not know. */
  raw: unknown;
};

export const OUTCOME_LABELS: Record<BlockOutcomeKind, string> = {
  blocked: "Blocked",
  already_blocked: "Already blocked",
  unblocked: "Unblocked",
  not_blocked: "Not blocked",
  failed: "Failed",
  unknown: "Unknown",
};

function classify(entry: unknown, verb: "block" | "unblock"): { outcome: BlockOutcomeKind; message: string } {
  if (typeof entry !== "object" || entry === null || typeof (entry as { success?: unknown }).success !== "boolean") {
    return {
      outcome: "unknown",
      message: "The chat service answered in a shape the console does not know; see the raw answer.",
    };
  }
  const { success, message } = entry as { success: boolean; message?: unknown };
  const text = typeof message === "string" ? message : "";
  if (verb === "block") {
    if (!success)
      return { outcome: "failed", message: text || "The chat service did not block this UID and gave no reason." };
    return { outcome: /already/i.test(text) ? "already_blocked" : "blocked", message: text };
  }
  if (success) return { outcome: "unblocked", message: text };
  return {
    outcome: /not blocked/i.test(text) ? "not_blocked" : "failed",
    message: text || "The chat service did not unblock this UID.",
  };
}

/**
 * One row for every UID sent, in the order sent, then one for every UID the service answered
 * about unasked. A UID the answer leaves out counts as failed: nothing says it took effect.
 */
export function blockOutcomeRows(
  requested: string[],
  result: Record<string, unknown>,
  verb: "block" | "unblock",
): BlockOutcomeRow[] {
  const rows: BlockOutcomeRow[] = requested.map((uid) =>
    uid in result
      ? { uid, ...classify(result[uid], verb), unexpected: false, raw: result[uid] }
      : {
          uid,
          outcome: "failed",
          message: "The chat service's answer has no result for this UID.",
          unexpected: false,
          raw: undefined,
        },
  );
  const asked = new Set(requested);
  for (const [uid, entry] of Object.entries(result)) {
    if (!asked.has(uid)) rows.push({ uid, ...classify(entry, verb), unexpected: true, raw: entry });
  }
  return rows;
}

export function countOutcomes(rows: BlockOutcomeRow[]): Record<BlockOutcomeKind, number> {
  const counts: Record<BlockOutcomeKind, number> = {
    blocked: 0,
    already_blocked: 0,
    unblocked: 0,
    not_blocked: 0,
    failed: 0,
    unknown: 0,
  };
  for (const row of rows) counts[row.outcome] += 1;
  return counts;
}
