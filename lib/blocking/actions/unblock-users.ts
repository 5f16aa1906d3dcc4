"use server";

import { actorOf } from "@/lib/audit/actor";
import { defineAction } from "@/lib/actions/define-action";
import { blockCompletion, type BlockAnswer } from "@/lib/blocking/block-answer";
import { blockRequest } from "@/lib/blocking/block-request";
import { unblockUsersSchema } from "@/lib/blocking/schemas";
import { sendBlockCall } from "@/lib/blocking/send-block-call";
import { getDb } from "@/lib/db/client";
import { recordUnblocks } from "@/lib/timed-blocks/store";

export const unblockUsersAction = defineAction({
  name: "users.unblock",
  permission: "users.unblock",
  describe: "unblock users",
  input: unblockUsersSchema,
  audit: blockRequest,
  run: async ({ blocker, uids, reason }, context): Promise<BlockAnswer> => {
    const actor = actorOf(context.operator);
    const answer = await sendBlockCall(
      { blocker, uids, verb: "unblock" },
      { operationId: context.operationId, actor, reason, expiresInSeconds: null },
    );
    const gone = answer.rows.filter((row) => row.outcome === "unblocked" || row.outcome === "not_blocked");
    await recordUnblocks(
      await getDb(),
      blocker,
      gone.map((row) => row.uid),
    );
    return answer;
  },
  completion: blockCompletion,
});
