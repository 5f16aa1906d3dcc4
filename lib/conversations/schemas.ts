import * as z from "@/lib/validation/zod";
import { reasonSchema } from "@/lib/validation/reason";
import { plainText } from "@/lib/validation/text";
import { uidSchema } from "@/lib/validation/uid";
import { MAX_TAG_LENGTH, MAX_TAGS } from "./limits";

const tagSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, "A tag cannot be empty."),
    z.maxLength(MAX_TAG_LENGTH, `A tag may have at most ${MAX_TAG_LENGTH} characters.`),
    z.superRefine(plainText("A tag")),
  );

const tagListSchema = z.array(tagSchema).check(
  z.maxLength(MAX_TAGS, `A conversation may have at most ${MAX_TAGS} tags.`),
  z.refine((tags) => new Set(tags).size === tags.length, "Each tag may appear only once."),
);

/** The tags editor's fields: the tags and an optional reason, checked before the save is sent. */
export const tagsFormSchema = z.object({ tags: tagListSchema, reason: reasonSchema });

/**
 * One owner's copy of a conversation: the owner, on whose behalf the request is sent, and the other
 * side, a user (`peer` a UID) or a group (`peer` a GUID, which follows the same rule as a UID).
 */
export const conversationKeySchema = z.object({
  onBehalfOf: uidSchema,
  kind: z.enum(["user", "group"], { error: "Choose a user or a group." }),
  peer: uidSchema,
});

export const updateConversationTagsSchema = z.extend(conversationKeySchema, {
  tags: tagListSchema,
  /**
   * The tags the editor was opened with: the save is refused if the conversation's tags are no longer
   * these (another operator or the app changed them). Null when the service did not say: the
   * operator confirmed replacing tags they could not see.
   */
  expectedTags: z.nullable(z.array(z.string())),
  reason: reasonSchema,
});
