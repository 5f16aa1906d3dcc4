import { unstorableCharacter } from "@/lib/security/unstorable";

/**
 * Why text typed into a field cannot be sent and logged, naming the field: a NUL or a broken
 * character (half of a surrogate pair) is refused here rather than failing later in the log.
 */
export function textProblem(label: string, value: string): string | undefined {
  const found = unstorableCharacter(value);
  if (found === "NUL") return `${label} contains a NUL character (\\u0000), which cannot be stored: remove it.`;
  if (found === "surrogate")
    return `${label} contains a broken character (half of a surrogate pair), which cannot be stored: retype it.`;
  return undefined;
}

/** For zod's `superRefine`: the field's text problem as its issue. */
export const plainText =
  (label: string) =>
  (value: string | undefined, context: { addIssue: (issue: { code: "custom"; message: string }) => void }) => {
    const problem = value === undefined ? undefined : textProblem(label, value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  };
