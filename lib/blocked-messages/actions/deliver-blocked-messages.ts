"use server";

import { defineAction } from "@/lib/actions/define-action";
import { decideBlocked, decisionCompletion, decisionRequest } from "@/lib/blocked-messages/decide";
import { decideBlockedMessagesSchema } from "@/lib/blocked-messages/schemas";

/** "Deliver": the vendor's approve; the message reaches its conversation as if the rule had let it through. */
export const deliverBlockedMessagesAction = defineAction({
  name: "blocked_message.deliver",
  permission: "rules.manage",
  describe: "decide on blocked messages",
  input: decideBlockedMessagesSchema,
  audit: ({ target }) => decisionRequest("deliver", target),
  run: async ({ target }, context) => decideBlocked("deliver", target, context),
  completion: decisionCompletion,
});
