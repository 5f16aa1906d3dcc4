import * as z from "@/lib/validation/zod";
import { reasonRequiredSchema } from "@/lib/validation/reason";
import { uidSchema } from "@/lib/validation/uid";
import { MAX_SEARCH_LENGTH } from "./limits";

/** What support staff type to find a person: the start of a name, of a word of it, or of a UID. */
export const userSearchSchema = z.object({
  search: z.string().check(
    z.trim(),
    z.minLength(1, "Type the start of a name or a UID."),
    z.maxLength(MAX_SEARCH_LENGTH, `Search for at most ${MAX_SEARCH_LENGTH} characters.`),
    z.refine((value) => !/[\u0000-\u001f\u007f]/.test(value), "A search cannot contain control characters."),
  ),
});

/** The workspace's "Look up": one UID. */
export const lookUpUserSchema = z.object({ uid: uidSchema });

/** Deactivating or reactivating one account from its workspace: the UID and why. */
export const accountStateSchema = z.object({ uid: uidSchema, reason: reasonRequiredSchema });
