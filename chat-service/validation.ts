import { z } from "zod";
import { chatErrors } from "./errors";

const UID_PATTERN = /^[a-zA-Z0-9_-]+$/;
const MAX_UID_LENGTH = 100;
const MAX_TAGS = 25;
const MAX_TAG_LENGTH = 100;

/**
 * Text the database can hold: PostgreSQL stores no NUL character (U+0000) in `text` or `jsonb`, and
 * JSON's lone halves of a surrogate pair (such as "\ud800") are no Unicode at all: `jsonb` refuses them
 * and UTF-8 has no bytes for them. Every free-text field of every endpoint takes its strings through
 * this, so that such a value is a 400 naming the field, never a database error.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const storableText = (what: string, schema: z.ZodString = z.string({ error: `${what} must be a string.` })) =>
  schema.refine(
    (text) => !UNSTORABLE.test(text),
    `${what} must not contain a NUL character (U+0000) or an unpaired surrogate (\\ud800 to \\udfff).`,
  );

/** Every string in a JSON value, its keys included: what jsonb must be able to store. */
function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item);
  else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      yield key;
      yield* stringsOf(item);
    }
}

/** A JSON value whose every string (keys too) the database can store: jsonb refuses what text does. */
export const storableJson = <S extends z.ZodType>(what: string, schema: S) =>
  schema.refine(
    (value) => [...stringsOf(value)].every((text) => !UNSTORABLE.test(text)),
    `${what} must not contain a NUL character (U+0000) or an unpaired surrogate (\\ud800 to \\udfff), in any key or value.`,
  );

/** A UID as the service accepts it: letters, digits, `_` and `-`, at most 100, lowercased. */
export const uidSchema = z
  .string({ error: "A UID must be a string." })
  .min(1, "A UID must not be empty.")
  .max(MAX_UID_LENGTH, `A UID must be at most ${MAX_UID_LENGTH} characters.`)
  .regex(UID_PATTERN, "A UID may contain only letters, digits, _ and -.")
  .transform((uid) => uid.toLowerCase());

export const updateConversationBodySchema = z.object({
  tags: z
    .array(
      storableText(
        "A tag",
        z
          .string({ error: "Each tag must be a string." })
          .min(1, "A tag must not be empty.")
          .max(MAX_TAG_LENGTH, `A tag must be at most ${MAX_TAG_LENGTH} characters.`),
      ),
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

/** The last UID made, `<prefix>-<count - 1>`, is a UID too: at most 100 characters, so tests can make the longest ones. */
export const testUsersBodySchema = z
  .object({
    prefix: uidSchema,
    count: z.number().int().min(1, "count must be at least 1.").max(100_000, "count must be at most 100000."),
  })
  .refine(({ prefix, count }) => `${prefix}-${count - 1}`.length <= 100, {
    message: "The prefix is too long for that count: the last UID, <prefix>-<count - 1>, would pass 100 characters.",
    path: ["prefix"],
  });

/** A page size in a query string (`perPage`, `limit`): a whole number from 1 to 1000, 100 when absent. */
export const pageSizeQuery = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number.` })
    .int(`${name} must be a whole number.`)
    .min(1, `${name} must be at least 1.`)
    .max(1000, `${name} must be at most 1000.`)
    .default(100);

export const paginationQuerySchema = z.object({
  perPage: pageSizeQuery("perPage"),
  page: z.coerce
    .number({ error: "page must be a number." })
    .int("page must be a whole number.")
    .min(1, "page must be at least 1.")
    .default(1),
});

/** A boolean query flag as the vendor takes it: `true` or `false` (also `1` or `0`). */
export const queryFlag = (name: string) =>
  z
    .enum(["true", "false", "1", "0"], { error: `${name} must be true or false.` })
    .transform((value) => value === "true" || value === "1")
    .optional();

/** A list in a query, comma-separated as the vendor's `style: form, explode: false` parameters are. */
export const queryList = (name: string) =>
  storableText(name).transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

const SEARCH_FIELDS = ["uid", "name"] as const;
const isSearchField = (field: string): field is (typeof SEARCH_FIELDS)[number] =>
  (SEARCH_FIELDS as readonly string[]).includes(field);

const searchKeySchema = storableText(
  "searchKey",
  z.string().trim().max(MAX_UID_LENGTH, `searchKey must be at most ${MAX_UID_LENGTH} characters.`),
).optional();

export const listUsersQuerySchema = paginationQuerySchema.extend({
  searchKey: searchKeySchema,
  searchIn: queryList("searchIn")
    .refine((fields) => fields.length > 0 && fields.every(isSearchField), "searchIn must name uid, name or both.")
    .transform((fields) => fields.filter(isSearchField))
    .optional(),
  status: z.enum(["available", "offline"], { error: "status must be available or offline." }).optional(),
  role: storableText("role", z.string().trim().min(1, "role must not be empty.")).optional(),
  roles: queryList("roles").optional(),
  onlyDeactivated: queryFlag("onlyDeactivated"),
  withDeactivated: queryFlag("withDeactivated"),
});

export const listConversationsQuerySchema = paginationQuerySchema.extend({
  conversationType: z.enum(["user", "group"], { error: "conversationType must be user or group." }).optional(),
  searchKey: searchKeySchema,
  unread: queryFlag("unread"),
  withTags: queryFlag("withTags"),
  tags: queryList("tags")
    .refine(
      (tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH),
      `A tag must be at most ${MAX_TAG_LENGTH} characters.`,
    )
    .optional(),
});

/** The query of `url` as an object; a name given more than once keeps every value, comma-joined. */
export const queryOf = (query: URLSearchParams): Record<string, string> =>
  Object.fromEntries([...new Set(query.keys())].map((key) => [key, query.getAll(key).join(",")]));

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
