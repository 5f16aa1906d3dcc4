import { z } from "./zod";
import { MAX_REASON_LENGTH } from "./conversation-tags";
import { plainText } from "./text";

/**
 * The reason an operator must give for what they do, recorded in the action log: required, at most
 * `MAX_REASON_LENGTH` characters, plain text. `missing` says what the reason is for.
 */
export const requiredReason = (missing = "Give a reason: it is recorded in the action log.") =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(MAX_REASON_LENGTH, `A reason may have at most ${MAX_REASON_LENGTH} characters.`)
    .superRefine(plainText("The reason"));

/** The shared rule for a moderation action's reason (deleting a message, deactivating, a group's members). */
export const reasonRequiredSchema = requiredReason();
