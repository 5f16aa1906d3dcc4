import { textProblem } from "./text";

const MAX_UID_LENGTH = 100;
export const UID_RULE = `A UID may contain only letters, digits, _ and - (at most ${MAX_UID_LENGTH} characters).`;
const UID_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Why `value` is not a UID, or undefined when it is one. Apart from uid.ts's schema, so that a page
 * that checks UIDs as they are typed (a pasted list) takes no zod with it.
 */
export function uidProblem(value: string): string | undefined {
  if (value.length === 0) return "Enter a UID.";
  const text = textProblem("The UID", value);
  if (text) return text;
  if (value.length > MAX_UID_LENGTH)
    return `A UID may have at most ${MAX_UID_LENGTH} characters; this one has ${value.length}.`;
  if (!UID_PATTERN.test(value)) return UID_RULE;
  return undefined;
}
