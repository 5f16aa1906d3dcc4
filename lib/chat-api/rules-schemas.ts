import { z } from "zod";

/**
 * What the console reads of the vendor's moderation engine: rules, keyword lists and the messages the
 * rules blocked (spec/upstream-facts.md, "The moderation engine"). Loose, as the rest of the client:
 * fields the console does not know survive, so that the raw record can be shown.
 */

const timestamp = z.number();

const conditionSchema = z.looseObject({
  id: z.number().optional(),
  entity: z.string().optional(),
  operand: z.string(),
  operator: z.string(),
  category: z.string(),
  isKeywordsReferencePresent: z.boolean().optional(),
  isMediaPresent: z.boolean().optional(),
  value: z.array(z.string()),
});

const filterSchema = z.looseObject({
  entity: z.string().optional(),
  operand: z.string(),
  operator: z.string(),
  value: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]),
  type: z.string().optional(),
});

const ruleSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  enabled: z.boolean(),
  conditions: z.array(conditionSchema),
  filters: z.array(filterSchema).optional(),
  action: z.array(z.string()),
  active: z.boolean().optional(),
  default: z.boolean().optional(),
  revisionId: z.string().optional(),
  createdAt: timestamp.optional(),
  updatedAt: timestamp.optional(),
});

const keywordListSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  category: z.string(),
  isCSV: z.boolean().optional(),
  searchTerms: z.array(z.string()),
  active: z.boolean().optional(),
  default: z.boolean().optional(),
  revisionId: z.string().optional(),
  createdAt: timestamp.optional(),
  updatedAt: timestamp.optional(),
});

const listOf = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    data: z.array(item),
    meta: z.looseObject({ current: z.looseObject({ limit: z.number(), count: z.number() }).optional() }).optional(),
  });

const dataOf = <T extends z.ZodType>(schema: T) =>
  z.looseObject({ data: schema }).transform((body) => body.data as z.output<T>);

export type ChatRule = z.output<typeof ruleSchema>;
export type ChatKeywordList = z.output<typeof keywordListSchema>;

/** The envelopes of the engine's answers, each reduced to what the client returns as `data`. */
export const rulesResponseSchemas = {
  rules: dataOf(z.array(ruleSchema)),
  rule: dataOf(ruleSchema),
  keywordLists: dataOf(z.array(keywordListSchema)),
  keywordList: dataOf(keywordListSchema),
  // Each item is read on its own (lib/blocked-messages/blocked-item.ts): one odd item never stops the read.
  blockedMessages: listOf(z.unknown()),
  review: dataOf(z.looseObject({ success: z.boolean().optional(), message: z.string().optional() })),
};
