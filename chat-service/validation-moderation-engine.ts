import { z } from "zod";
import { filterProblem } from "@/lib/rule-matching/filters";
import { RULE_LIMITS } from "@/lib/rule-matching/limits";
import { keywordProblem } from "@/lib/rule-matching/pattern-problem";
import type { RuleFilter } from "@/lib/rule-matching/types";
import { pageSizeQuery, paginationQuerySchema, storableText } from "./validation";

/** The request schemas of the moderation engine: rules, keyword lists and blocked messages. */

/** A rule's or a list's id: as a UID (letters, digits, `_` and `-`), lowercased as path parameters are. */
const entityId = (what: string) =>
  z
    .string({ error: `id is required: the ${what}'s id.` })
    .regex(/^[a-zA-Z0-9_-]{1,100}$/, "id may contain only letters, digits, _ and -, at most 100 characters.")
    .transform((id) => id.toLowerCase());

const nameSchema = storableText(
  "name",
  z
    .string({ error: "name is required." })
    .trim()
    .min(1, "name must not be empty.")
    .max(RULE_LIMITS.nameLength, `name must be at most ${RULE_LIMITS.nameLength} characters.`),
);

const descriptionSchema = storableText(
  "description",
  z
    .string({ error: "description must be a string." })
    .max(RULE_LIMITS.descriptionLength, `description must be at most ${RULE_LIMITS.descriptionLength} characters.`),
);

const conditionSchema = z
  .object({
    id: z.number().int().optional(),
    entity: z.literal("message", { error: "entity must be message." }).default("message"),
    operand: z.enum(["text", "custom", "image", "video"], { error: "operand must be text, custom, image or video." }),
    operator: z.enum(["contains", "equals"], { error: "operator must be contains or equals." }).default("contains"),
    category: z.enum(["word", "pattern"], { error: "category must be word or pattern." }).default("word"),
    isKeywordsReferencePresent: z
      .boolean({ error: "isKeywordsReferencePresent must be true or false." })
      .default(false),
    isMediaPresent: z.boolean({ error: "isMediaPresent must be true or false." }).optional(),
    value: z
      .array(storableText("A value", z.string({ error: "Each value must be a string." })), {
        error: "value must be an array of strings: keyword list ids, words or patterns.",
      })
      .min(1, "value must hold at least one keyword list id, word or pattern."),
    message: z.array(storableText("A message", z.string())).optional(),
  })
  .superRefine((condition, context) => {
    // Words and patterns given in the condition itself are checked as a list's would be.
    if (condition.isKeywordsReferencePresent || condition.operand === "image" || condition.operand === "video") return;
    condition.value.forEach((term, index) => {
      const problem = keywordProblem(term, condition.category);
      if (problem) context.addIssue({ code: "custom", message: problem, path: ["value", index] });
    });
  });

const filterValue = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], {
  error: "value must be a string, a number, or an array of them.",
});

const filterSchema = z
  .object({
    entity: z.enum(["user", "group"], { error: "entity must be user or group." }),
    operand: z.enum(["createdAt", "guid", "uid", "tags"], { error: "operand must be createdAt, guid, uid or tags." }),
    operator: z.enum(["equals", "notEquals", "in", "notIn", "startsWith", "endsWith", "lessThan", "greaterThan"], {
      error: "operator must be equals, notEquals, in, notIn, startsWith, endsWith, lessThan or greaterThan.",
    }),
    value: filterValue,
    type: z.enum(["sender", "receiver"], { error: "type must be sender or receiver." }),
  })
  .superRefine((filter, context) => {
    const problem = filterProblem(filter as RuleFilter);
    if (problem) context.addIssue({ code: "custom", message: problem, path: [] });
  });

const conditionsSchema = z
  .array(conditionSchema, { error: "conditions must be an array of conditions." })
  .min(1, "A rule needs at least one condition.")
  .max(RULE_LIMITS.conditionsPerRule, `A rule may have at most ${RULE_LIMITS.conditionsPerRule} conditions.`);

const filtersSchema = z
  .array(filterSchema, { error: "filters must be an array of filters." })
  .max(RULE_LIMITS.filtersPerRule, `A rule may have at most ${RULE_LIMITS.filtersPerRule} filters.`);

const actionSchema = z
  .array(z.enum(["blockMessage", "dropMessage"], { error: "An action must be blockMessage or dropMessage." }), {
    error: 'action must be an array of one action: ["blockMessage"] or ["dropMessage"].',
  })
  .length(1, 'action must hold exactly one action: ["blockMessage"] or ["dropMessage"].');

export const createRuleBodySchema = z.object({
  id: entityId("rule"),
  name: nameSchema,
  description: descriptionSchema.default(""),
  enabled: z.boolean({ error: "enabled must be true or false." }).default(true),
  conditions: conditionsSchema,
  filters: filtersSchema.default([]),
  action: actionSchema,
});

export const updateRuleBodySchema = z.object({
  id: entityId("rule").optional(),
  name: nameSchema.optional(),
  description: descriptionSchema.optional(),
  enabled: z.boolean({ error: "enabled must be true or false." }).optional(),
  conditions: conditionsSchema.optional(),
  filters: filtersSchema.optional(),
  action: actionSchema.optional(),
});

export type CreateRuleBody = z.output<typeof createRuleBodySchema>;
export type UpdateRuleBody = z.output<typeof updateRuleBodySchema>;

/** A file of a multipart body, as ../http.ts reads it. */
const uploadedFileSchema = z.object(
  { fileName: z.string(), content: z.string() },
  { error: "file must be a file (a CSV whose every cell is a term)." },
);

const searchTermsSchema = z.union(
  [storableText("searchTerms", z.string()), z.array(storableText("A search term", z.string()))],
  { error: "searchTerms must be a string (words comma-separated, patterns one a line) or an array of strings." },
);

const categorySchema = z.enum(["word", "pattern", "sentence-similarity"], {
  error: "category must be word, pattern or sentence-similarity.",
});

export const createKeywordListBodySchema = z.object({
  id: entityId("keyword list"),
  name: nameSchema,
  description: descriptionSchema.default(""),
  category: categorySchema,
  searchTerms: searchTermsSchema.optional(),
  file: uploadedFileSchema.optional(),
});

export const updateKeywordListBodySchema = z.object({
  id: entityId("keyword list").optional(),
  name: nameSchema.optional(),
  description: descriptionSchema.optional(),
  category: categorySchema.optional(),
  searchTerms: searchTermsSchema.optional(),
  file: uploadedFileSchema.optional(),
});

export type CreateKeywordListBody = z.output<typeof createKeywordListBodySchema>;
export type UpdateKeywordListBody = z.output<typeof updateKeywordListBodySchema>;

/** The vendor's moderation lists take `limit` (its examples show 50); `page` is ours. */
export const engineListQuerySchema = z.object({
  limit: pageSizeQuery("limit").default(50),
  page: paginationQuerySchema.shape.page,
});

export const blockedMessagesQuerySchema = engineListQuerySchema.extend({
  fromTimestamp: z.coerce
    .number({ error: "fromTimestamp must be a Unix timestamp in seconds." })
    .int("fromTimestamp must be a whole number of seconds.")
    .min(0, "fromTimestamp must not be negative.")
    .optional(),
});

export const reviewBlockedMessageBodySchema = z.object({
  status: z.enum(["approved", "rejected"], { error: "status must be approved or rejected." }),
  reviewed: z.boolean({ error: "reviewed must be true or false." }).optional(),
});
