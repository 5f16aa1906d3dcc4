import { z } from "zod";
import { uidSchema } from "./uid";

export const MAX_TAGS = 25;
export const MAX_TAG_LENGTH = 100;
export const MAX_REASON_LENGTH = 500;

export const tagSchema = z
  .string()
  .trim()
  .min(1, "A tag cannot be empty.")
  .max(MAX_TAG_LENGTH, `A tag may have at most ${MAX_TAG_LENGTH} characters.`);

export const reasonSchema = z
  .string()
  .trim()
  .max(MAX_REASON_LENGTH, `A reason may have at most ${MAX_REASON_LENGTH} characters.`)
  .optional()
  .transform((reason) => reason || undefined);

export const conversationKeySchema = z.object({
  /** The other party of the conversation: the user whose workspace this is. */
  uid: uidSchema,
  /** The conversation's owner, on whose behalf the request is sent. */
  onBehalfOf: uidSchema,
});
export type ConversationKeyInput = z.input<typeof conversationKeySchema>;

export const updateConversationTagsSchema = conversationKeySchema.extend({
  tags: z
    .array(tagSchema)
    .max(MAX_TAGS, `A conversation may have at most ${MAX_TAGS} tags.`)
    .refine((tags) => new Set(tags).size === tags.length, "Each tag may appear only once."),
  reason: reasonSchema,
});
export type UpdateConversationTagsInput = z.input<typeof updateConversationTagsSchema>;
