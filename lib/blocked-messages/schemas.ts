import * as z from "@/lib/validation/zod";
import { uidSchema } from "@/lib/validation/uid";

/** "Deliver" or "Keep blocked": listed messages, or every pending blocked message of a sender. */
export const decideBlockedMessagesSchema = z.object({
  target: z.union([
    z.object({
      kind: z.literal("messages"),
      messageIds: z
        .array(z.string().check(z.regex(/^\d{1,20}$/, "That message id is not valid.")))
        .check(z.minLength(1, "Choose a message."), z.maxLength(1000, "Decide at most 1,000 messages at once.")),
    }),
    z.object({ kind: z.literal("sender"), senderUid: uidSchema }),
  ]),
});
