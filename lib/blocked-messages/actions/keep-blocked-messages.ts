"use server";

import { defineAction } from "@/lib/actions/define-action";
import { decideBlocked, decisionCompletion, decisionRequest } from "@/lib/blocked-messages/decide";
import { decideBlockedMessagesSchema } from "@/lib/blocked-messages/schemas";

/** "Keep blocked": the vendor's reject; the message is never delivered and leaves the list. */
export const keepBlockedMessagesAction = defineAction({
  name: "blocked_message.keep",
  permission: "rules.manage",
  describe: "decide on blocked messages",
  input: decideBlockedMessagesSchema,
  audit: ({ target }) => decisionRequest("keep", target),
  run: async ({ target }, context) => decideBlocked("keep", target, context),
  completion: decisionCompletion,
});
