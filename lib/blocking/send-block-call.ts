import type { Actor } from "@/lib/audit/actor";
import { chatApi, ChatApiError } from "@/lib/chat-api";
import { countOutcomes, settleUnknown, unknownUids, type BlockOutcomeRow } from "@/lib/chat-api/block-outcomes";
import { getDb } from "@/lib/db/client";
import { currentlyBlocked } from "@/lib/incidents/blocked-list";
import { scheduleSettlement } from "@/lib/settlements/schedule";
import type { BlockAnswer } from "./block-answer";
import { callBlockEndpoint, type BlockCall } from "./block-call";

/** Who asked, and what a later settlement records for them: the operation, and a timed block's length. */
export type BlockCallOrigin = {
  operationId: string;
  actor: Actor;
  reason?: string;
  expiresInSeconds: number | null;
};

/** The rows settled against the blocker's blocked list; if it cannot be read they stay unknown. */
async function settle(call: BlockCall, rows: BlockOutcomeRow[], callMayStillLand: boolean) {
  try {
    return settleUnknown(rows, await currentlyBlocked(chatApi(), call.blocker), call.verb, { callMayStillLand });
  } catch (error) {
    if (error instanceof ChatApiError) return rows;
    throw error;
  }
}

/**
 * Sends a block or unblock. UIDs the answer leaves out are settled against the blocked list read
 * afterwards. If the call was sent and its answer never came (a time-out, a lost connection), it may
 * still take effect: the list read at once settles what it already did, and the rest stays unknown
 * until the call no longer can, when the one settlement (lib/settlements) reads the list again and
 * logs the final outcome.
 */
export async function sendBlockCall(call: BlockCall, origin: BlockCallOrigin): Promise<BlockAnswer> {
  try {
    const answer = await callBlockEndpoint(chatApi(), call);
    const rows = answer.rows;
    const settled = unknownUids(rows).length === 0 ? rows : await settle(call, rows, false);
    return { rows: settled, counts: countOutcomes(settled), raw: answer.raw, status: answer.status };
  } catch (error) {
    if (!(error instanceof ChatApiError) || !error.outcomeUnknown) throw error;
    const unanswered = call.uids.map((uid): BlockOutcomeRow => ({
      uid,
      outcome: "unknown",
      message: "The chat service's answer never came.",
      unexpected: false,
      raw: undefined,
    }));
    const rows = await settle(call, unanswered, true);
    const open = unknownUids(rows);
    const answer: BlockAnswer = { rows, counts: countOutcomes(rows), raw: null, lost: error.userMessage };
    if (open.length === 0) return answer;
    const settleAfter = await scheduleSettlement(await getDb(), {
      kind: call.verb,
      operationId: origin.operationId,
      action: "users.block.settle",
      target: call.blocker,
      items: open,
      affectedUids: [call.blocker, ...open],
      actor: origin.actor,
      reason: origin.reason,
      expiresInSeconds: origin.expiresInSeconds,
    });
    return { ...answer, settlesAt: settleAfter.toISOString() };
  }
}
