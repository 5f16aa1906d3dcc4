import { z } from "./zod";
import { textProblem } from "./text";

const MAX_UID_LENGTH = 100;
export const UID_RULE = `A UID may contain only letters, digits, _ and - (at most ${MAX_UID_LENGTH} characters).`;
const UID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Why `value` is not a UID, or undefined when it is one. */
export function uidProblem(value: string): string | undefined {
  if (value.length === 0) return "Enter a UID.";
  const text = textProblem("The UID", value);
  if (text) return text;
  if (value.length > MAX_UID_LENGTH)
    return `A UID may have at most ${MAX_UID_LENGTH} characters; this one has ${value.length}.`;
  if (!UID_PATTERN.test(value)) return UID_RULE;
  return undefined;
}

/** A chat UID as the service accepts it, lowercased as the service does. */
export const uidSchema = z
  .string({ error: "Enter a UID." })
  .trim()
  .superRefine((value, context) => {
    const problem = uidProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => value.toLowerCase());

/** A UID a form may leave blank: undefined then, otherwise a UID as `uidSchema` reads it. */
export const optionalUidSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(uidSchema.optional());
