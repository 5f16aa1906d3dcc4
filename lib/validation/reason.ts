import * as z from "./zod";
import { plainText } from "./text";

/** Why an operator acts: recorded in the action log with what they did. */
export const MAX_REASON_LENGTH = 500;

const TOO_LONG = `A reason may have at most ${MAX_REASON_LENGTH} characters.`;

/** An optional reason, as the block, unblock and tag forms take it: blank is none. */
export const reasonSchema = z.pipe(
  z.optional(
    z.string().check(z.trim(), z.maxLength(MAX_REASON_LENGTH, TOO_LONG), z.superRefine(plainText("The reason"))),
  ),
  z.transform((reason: string | undefined) => reason || undefined),
);

/**
 * The reason an operator must give for what they do, recorded in the action log: required, at most
 * `MAX_REASON_LENGTH` characters, plain text. `missing` says what the reason is for.
 */
export const requiredReason = (missing = "Give a reason: it is recorded in the action log.") =>
  z
    .string({ error: missing })
    .check(
      z.trim(),
      z.minLength(1, missing),
      z.maxLength(MAX_REASON_LENGTH, TOO_LONG),
      z.superRefine(plainText("The reason")),
    );

/** The shared rule for a moderation action's reason (deleting a message, deactivating, a group's members). */
export const reasonRequiredSchema = requiredReason();
