import * as z from "./zod";
import { uidProblem } from "./uid-rule";

/** A chat UID as the service accepts it, lowercased as the service does. */
export const uidSchema = z.string({ error: "Enter a UID." }).check(
  z.trim(),
  z.superRefine((value, context) => {
    const problem = uidProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  }),
  z.toLowerCase(),
);

/** A UID a form may leave blank: undefined then, otherwise a UID as `uidSchema` reads it. */
export const optionalUidSchema = z.pipe(
  z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((value: string | undefined) => value || undefined),
  ),
  z.optional(uidSchema),
);
