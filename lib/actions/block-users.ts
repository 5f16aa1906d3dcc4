"use server";

import { chatApi, ChatApiError } from "@/lib/chat-api";
import {
  blockOutcomeRows,
  countOutcomes,
  settleUnknown,
  unknownUids,
  type BlockOutcomeKind,
  type BlockOutcomeRow,
} from "@/lib/chat-api/block-outcomes";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { RefusedError } from "@/lib/errors";
import { formatCount } from "@/lib/format/numbers";
import { needsApproval } from "@/lib/incidents/approval-threshold";
import { currentlyBlocked } from "@/lib/incidents/blocked-list";
import { blockForSeconds } from "@/lib/schemas/block-for";
import { recordBlocks, recordUnblocks } from "@/lib/timed-blocks/store";
import { blockUsersSchema, unblockUsersSchema } from "@/lib/schemas/block-users";
import { defineAction, type AuditCompletion } from "./define-action";

export type BlockAnswer = {
  rows: BlockOutcomeRow[];
  counts: Record<BlockOutcomeKind, number>;
  raw: unknown;
  /** Undefined when the answer never came. */
  status?: number;
  /** Why the answer never came, for the moderator: the call may have taken effect. */
  lost?: string;
};

/**
 * Per-UID outcomes for the log; partial when some UIDs failed and others did not. A call whose
 * answer never came is "unknown" unless the blocked list read afterwards settled every UID.
 */
function completionOf(answer: BlockAnswer): AuditCompletion {
  const failed = answer.counts.failed + answer.counts.unknown + answer.counts.not_found;
  const outcome =
    answer.lost && answer.counts.unknown > 0
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

/**
 * The rows of an answer, with the UIDs it left out settled against the blocker's blocked list; if that
 * list cannot be read they stay unknown, which the moderator is shown and the log records.
 */
async function outcomesOf(
  blocker: string,
  uids: string[],
  result: Record<string, unknown>,
  verb: "block" | "unblock",
): Promise<BlockOutcomeRow[]> {
  const rows = blockOutcomeRows(uids, result, verb);
  return unknownUids(rows).length === 0 ? rows : settle(blocker, rows, verb);
}

async function settle(blocker: string, rows: BlockOutcomeRow[], verb: "block" | "unblock") {
  try {
    return settleUnknown(rows, await currentlyBlocked(chatApi(), blocker), verb);
  } catch (error) {
    if (error instanceof ChatApiError) return rows;
    throw error;
  }
}

/**
 * Sends a block or unblock. If it was sent and its answer never came (a time-out, a connection
 * lost), it may have taken effect: every UID is settled against the blocker's blocked list, and
 * what that cannot tell stays "unknown", as the log records it.
 */
async function sendBlockCall(blocker: string, uids: string[], verb: "block" | "unblock"): Promise<BlockAnswer> {
  try {
    const answer =
      verb === "block" ? await chatApi().blockUsers(blocker, uids) : await chatApi().unblockUsers(blocker, uids);
    const rows = await outcomesOf(blocker, uids, answer.data, verb);
    return { rows, counts: countOutcomes(rows), raw: answer.raw, status: answer.status };
  } catch (error) {
    if (!(error instanceof ChatApiError) || !error.outcomeUnknown) throw error;
    const unanswered = uids.map((uid): BlockOutcomeRow => ({
      uid,
      outcome: "unknown",
      message: "The chat service's answer never came.",
      unexpected: false,
      raw: undefined,
    }));
    const rows = await settle(blocker, unanswered, verb);
    return { rows, counts: countOutcomes(rows), raw: null, lost: error.userMessage };
  }
}

/**
 * A block from the workspace sends at once, with no second operator: past the approval threshold
 * (counting only UIDs not already blocked, as incident mode's preview does) it is refused and the
 * operator sent to incident mode, where large blocks wait for approval.
 */
async function refuseWithoutApproval(blocker: string, uids: string[]) {
  const { thresholdUids } = getEnv().approval;
  if (!needsApproval(uids.length, thresholdUids)) return;
  const blocked = await currentlyBlocked(chatApi(), blocker);
  const toSend = uids.filter((uid) => !blocked.has(uid)).length;
  if (!needsApproval(toSend, thresholdUids)) return;
  throw new RefusedError(
    `Blocking ${formatCount(toSend)} users at once needs a second operator's approval (more than ${formatCount(thresholdUids)}). Nothing was sent: paste the list in Incidents (/incidents) and request approval there.`,
  );
}

/** How the log records a block or an unblock: the blocker and every UID sent. */
const blockRequest = ({ blocker, uids, reason }: { blocker: string; uids: string[]; reason?: string }) => ({
  affectedUids: [blocker, ...uids],
  targetUid: blocker,
  reason,
  requestBody: { blockedUids: uids },
});

export const blockUsersAction = defineAction({
  name: "users.block",
  permission: "users.block",
  describe: "block users",
  input: blockUsersSchema,
  audit: (input) => ({ ...blockRequest(input), requestBody: { blockedUids: input.uids, blockFor: input.blockFor } }),
  run: async ({ blocker, uids, reason, blockFor }, context): Promise<BlockAnswer> => {
    await refuseWithoutApproval(blocker, uids);
    const answer = await sendBlockCall(blocker, uids, "block");
    const uidsWith = (outcome: BlockOutcomeKind) =>
      answer.rows.filter((row) => row.outcome === outcome).map((row) => row.uid);
    await recordBlocks(await getDb(), {
      blockerUid: blocker,
      blocked: uidsWith("blocked"),
      alreadyBlocked: uidsWith("already_blocked"),
      expiresInSeconds: blockForSeconds(blockFor),
      operationId: context.operationId,
      actor: { id: context.operator.id, email: context.operator.email, role: context.operator.role },
      reason,
    });
    return answer;
  },
  completion: completionOf,
});

export const unblockUsersAction = defineAction({
  name: "users.unblock",
  permission: "users.unblock",
  describe: "unblock users",
  input: unblockUsersSchema,
  audit: blockRequest,
  run: async ({ blocker, uids }): Promise<BlockAnswer> => {
    const answer = await sendBlockCall(blocker, uids, "unblock");
    const gone = answer.rows.filter((row) => row.outcome === "unblocked" || row.outcome === "not_blocked");
    await recordUnblocks(
      await getDb(),
      blocker,
      gone.map((row) => row.uid),
    );
    return answer;
  },
  completion: completionOf,
});
