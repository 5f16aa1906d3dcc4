import { z } from "./zod";
import { plainText } from "./text";

/** Why an operator acts: recorded in the action log with what they did. */
export const MAX_REASON_LENGTH = 500;

/** An optional reason, as the block, unblock and tag forms take it: blank is none. */
export const reasonSchema = z
  .string()
  .trim()
  .max(MAX_REASON_LENGTH, `A reason may have at most ${MAX_REASON_LENGTH} characters.`)
  .superRefine(plainText("The reason"))
  .optional()
  .transform((reason) => reason || undefined);
