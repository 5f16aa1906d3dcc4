import { z } from "zod";
import { chatErrors } from "./errors";

export const UID_PATTERN = /^[a-zA-Z0-9_-]+$/;
export const MAX_UID_LENGTH = 100;
export const MAX_TAGS = 25;
export const MAX_TAG_LENGTH = 100;

/** A UID as the service accepts it: letters, digits, `_` and `-`, at most 100, lowercased. */
export const uidSchema = z
  .string({ error: "A UID must be a string." })
  .min(1, "A UID must not be empty.")
  .max(MAX_UID_LENGTH, `A UID must be at most ${MAX_UID_LENGTH} characters.`)
  .regex(UID_PATTERN, "A UID may contain only letters, digits, _ and -.")
  .transform((uid) => uid.toLowerCase());

export const guidSchema = uidSchema.clone();

export const updateConversationBodySchema = z.object({
  tags: z
    .array(
      z
        .string({ error: "Each tag must be a string." })
        .min(1, "A tag must not be empty.")
        .max(MAX_TAG_LENGTH, `A tag must be at most ${MAX_TAG_LENGTH} characters.`),
      { error: "tags must be an array of strings." },
    )
    .max(MAX_TAGS, `At most ${MAX_TAGS} tags are allowed.`)
    .optional(),
});

export const blockedUidsBodySchema = z.object({
  blockedUids: z
    .array(uidSchema, { error: "blockedUids must be an array of UIDs." })
    .min(1, "blockedUids must contain at least one UID."),
});

export const testUsersBodySchema = z.object({
  prefix: uidSchema.refine((prefix) => prefix.length <= 80, "The prefix may have at most 80 characters."),
  count: z.number().int().min(1, "count must be at least 1.").max(100_000, "count must be at most 100000."),
});

export const paginationQuerySchema = z.object({
  perPage: z.coerce
    .number({ error: "perPage must be a number." })
    .int("perPage must be a whole number.")
    .min(1, "perPage must be at least 1.")
    .max(1000, "perPage must be at most 1000.")
    .default(100),
  page: z.coerce
    .number({ error: "page must be a number." })
    .int("page must be a whole number.")
    .min(1, "page must be at least 1.")
    .default(1),
});

function detailsOf(error: z.ZodError, prefix?: string): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || "body";
    (details[key] ??= []).push(issue.message);
  }
  return details;
}

/** Parses `value` or throws the vendor's 400 with one entry of details a field. */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  value: unknown,
  what: string,
  prefix?: string,
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = detailsOf(result.error, prefix);
  const first = Object.entries(details)[0];
  throw chatErrors.badRequest(first ? `${what}: ${first[0]}: ${first[1][0]}` : `${what} is not valid.`, details);
}
