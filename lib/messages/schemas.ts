import * as z from "@/lib/validation/zod";
import { reasonRequiredSchema } from "@/lib/validation/reason";
import { uidSchema } from "@/lib/validation/uid";

/** The chat service's message ids are decimal strings. */
const messageIdSchema = z
  .string({ error: "Give the message's id." })
  .check(z.trim(), z.regex(/^[1-9]\d{0,18}$/, "A message id is a whole number, such as 1234."));

export const deleteMessageSchema = z.object({
  messageId: messageIdSchema,
  /** The sender the confirmation named: the delete is refused if the message turns out to be someone else's. */
  sender: uidSchema,
  /** Whose view of the conversation the message was deleted from, if a user's. */
  owner: z.optional(uidSchema),
  permanent: z.boolean({ error: "Say whether the message is deleted permanently (true or false)." }),
  reason: reasonRequiredSchema,
});
