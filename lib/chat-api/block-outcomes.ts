import { BLOCK_OUTCOMES } from "@/lib/outcomes";

export type BlockOutcomeKind = (typeof BLOCK_OUTCOMES)[number];

export type BlockOutcomeRow = {
  uid: string;
  outcome: BlockOutcomeKind;
  /** The service's message, or the console's note where the service gave none. */
  message: string;
  /** True for a UID the service answered about that the console did not send. */
  unexpected: boolean;
  /** The entry as the service sent it, for shapes the console does not know. */
  raw: unknown;
  /** The answer did not say; the outcome was read from the blocker's blocked list afterwards. */
  settled?: boolean;
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
  // CometChat: "The UID … does not exist, please make sure you have created a user with UID …".
  if (!success && /does not exist|not found/i.test(text)) return { outcome: "not_found", message: text };
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
 * about unasked. A UID the answer leaves out is "unknown": nothing says whether it took effect
 * (`settleUnknown` can then tell from the blocker's blocked list).
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
          outcome: "unknown",
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
  const counts = Object.fromEntries(BLOCK_OUTCOMES.map((kind) => [kind, 0])) as Record<BlockOutcomeKind, number>;
  for (const row of rows) counts[row.outcome] += 1;
  return counts;
}

/** Requested UIDs whose outcome the answer left unknown: those to look up in the blocked list. */
export function unknownUids(rows: BlockOutcomeRow[]): string[] {
  return rows.filter((row) => row.outcome === "unknown" && !row.unexpected).map((row) => row.uid);
}

/**
 * Settles the unknown outcomes of requested UIDs against the blocker's blocked list read after the
 * call: blocked now means a block took effect (an unblock did not), and the reverse. While the call
 * may still take effect (its answer was lost, and the service may carry it out late), only what it
 * did is settled: a UID not yet in the state the call asks for stays unknown, never "failed".
 */
export function settleUnknown(
  rows: BlockOutcomeRow[],
  blockedNow: ReadonlySet<string>,
  verb: "block" | "unblock",
  { callMayStillLand = false }: { callMayStillLand?: boolean } = {},
): BlockOutcomeRow[] {
  return rows.map((row) => {
    if (row.outcome !== "unknown" || row.unexpected) return row;
    const isBlocked = blockedNow.has(row.uid);
    const tookEffect = verb === "block" ? isBlocked : !isBlocked;
    const state = isBlocked ? "blocked" : "not blocked";
    if (!tookEffect && callMayStillLand)
      return {
        ...row,
        message: `${row.message} The blocker's blocked list, read at once, shows it ${state} yet, but the call may still take effect: its outcome is settled once it no longer can.`,
      };
    const outcome: BlockOutcomeKind = tookEffect ? (verb === "block" ? "blocked" : "unblocked") : "failed";
    return {
      ...row,
      outcome,
      settled: true,
      message: `${row.message} The blocker's blocked list, read afterwards, shows it ${state}.`,
    };
  });
}
