"use server";

import { actorOf } from "@/lib/audit/actor";
import { defineAction } from "@/lib/actions/define-action";
import { blockCompletion, type BlockAnswer } from "@/lib/blocking/block-answer";
import { blockRequest } from "@/lib/blocking/block-request";
import { blockForSeconds } from "@/lib/blocking/block-for";
import { blockUsersSchema } from "@/lib/blocking/schemas";
import { sendBlockCall } from "@/lib/blocking/send-block-call";
import { chatApi } from "@/lib/chat-api";
import type { BlockOutcomeKind } from "@/lib/chat-api/block-outcomes";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { RefusedError } from "@/lib/errors";
import { formatCount } from "@/lib/format/numbers";
import { needsApproval } from "@/lib/approvals/threshold";
import { currentlyBlocked } from "@/lib/incidents/blocked-list";
import { recordBlocks } from "@/lib/timed-blocks/store";

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

export const blockUsersAction = defineAction({
  name: "users.block",
  permission: "users.block",
  describe: "block users",
  input: blockUsersSchema,
  audit: (input) => ({ ...blockRequest(input), requestBody: { blockedUids: input.uids, blockFor: input.blockFor } }),
  run: async ({ blocker, uids, reason, blockFor }, context): Promise<BlockAnswer> => {
    await refuseWithoutApproval(blocker, uids);
    const actor = actorOf(context.operator);
    const expiresInSeconds = blockForSeconds(blockFor);
    const answer = await sendBlockCall(
      { blocker, uids, verb: "block" },
      { operationId: context.operationId, actor, reason, expiresInSeconds },
    );
    const uidsWith = (outcome: BlockOutcomeKind) =>
      answer.rows.filter((row) => row.outcome === outcome).map((row) => row.uid);
    await recordBlocks(await getDb(), {
      blockerUid: blocker,
      blocked: uidsWith("blocked"),
      alreadyBlocked: uidsWith("already_blocked"),
      expiresInSeconds,
      operationId: context.operationId,
      actor,
      reason,
    });
    return answer;
  },
  completion: blockCompletion,
});
