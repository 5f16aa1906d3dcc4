import * as z from "@/lib/validation/zod";
import { plainText } from "@/lib/validation/text";
import { RULE_LIMITS } from "@/lib/rule-matching/limits";
import { keywordProblem, patternProblem } from "@/lib/rule-matching/pattern-problem";
import { MAX_NEWER_THAN_HOURS, MAX_TYPED_WORDS, TEST_WINDOW_HOURS } from "./limits";

/**
 * The Rules page's forms: a rule in a moderator's words, a keyword list, a test's window, a decision
 * on blocked messages. Each field is checked as the vendor checks it (spec/upstream-facts.md, limits
 * of the constraints page), with the reason in words; the service checks again.
 */

const GUID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

const text = (label: string, min: number, max: number, missing: string) =>
  z
    .string({ error: missing })
    .check(
      z.trim(),
      z.minLength(min, missing),
      z.maxLength(max, `${label} may have at most ${max} characters.`),
      z.superRefine(plainText(label)),
    );

/** Words typed as a person lists them: commas or new lines between them. */
export const splitTerms = (value: string) =>
  value
    .split(/[,\n]/)
    .map((term) => term.trim())
    .filter(Boolean);

const ruleIdSchema = z
  .string({ error: "Name the rule by its id." })
  .check(z.regex(ID_PATTERN, "That rule id is not valid."));
const listIdsSchema = z.array(z.string().check(z.regex(ID_PATTERN, "That list id is not valid.")));

const wordsSchema = z.pipe(
  z.string().check(z.superRefine(plainText("The words"))),
  z.transform((value: string, context) => {
    const words = splitTerms(value);
    for (const word of words) {
      const problem = keywordProblem(word, "word");
      if (problem) context.issues.push({ code: "custom", message: `“${word}”: ${problem}`, input: value });
    }
    return words;
  }),
);

const newerThanSchema = z.pipe(
  z.string().check(z.trim()),
  z.transform((value: string, context) => {
    if (!value) return null;
    const hours = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || hours <= 0 || hours > MAX_NEWER_THAN_HOURS) {
      context.issues.push({
        code: "custom",
        message: `Enter a number of hours from 1 to ${MAX_NEWER_THAN_HOURS}, such as 24, or leave it empty for any account.`,
        input: value,
      });
      return z.NEVER;
    }
    return hours;
  }),
);

const groupsSchema = z.pipe(
  z.string().check(z.trim()),
  z.transform((value: string, context) => {
    const groups = value.split(/[\s,]+/).filter(Boolean);
    for (const guid of groups)
      if (!GUID_PATTERN.test(guid))
        context.issues.push({
          code: "custom",
          message: `“${guid.slice(0, 40)}” is not a GUID: letters, digits, - and _, up to 100 characters.`,
          input: value,
        });
    return [...new Set(groups)];
  }),
);

/** The rule form's fields, as typed; the draft (./draft.ts) is what they make. */
export const ruleFormSchema = z
  .object({
    name: text("The rule's name", 1, RULE_LIMITS.nameLength, "Name the rule."),
    description: z
      .string()
      .check(
        z.trim(),
        z.maxLength(
          RULE_LIMITS.descriptionLength,
          `The description may have at most ${RULE_LIMITS.descriptionLength} characters.`,
        ),
        z.superRefine(plainText("The description")),
      ),
    wordLists: listIdsSchema,
    words: wordsSchema,
    patternLists: listIdsSchema,
    newerThanHours: newerThanSchema,
    groups: groupsSchema,
    action: z.enum(["blockMessage", "dropMessage"], { error: "Choose what happens to a matching message." }),
  })
  .check(
    z.superRefine((rule, context) => {
      if (rule.wordLists.length + rule.words.length + rule.patternLists.length === 0)
        context.addIssue({
          code: "custom",
          path: ["words"],
          message: "Say what the rule looks for: a list of words, words typed here, or a list of patterns.",
        });
      if (rule.words.length > MAX_TYPED_WORDS)
        context.addIssue({
          code: "custom",
          path: ["words"],
          message: `Type at most ${MAX_TYPED_WORDS} words here; put more in a list.`,
        });
    }),
  );

/** "Save rule": a new rule (saved switched off, to be tested first) or a change to one. */
export const saveRuleSchema = z.object({ ruleId: z.optional(ruleIdSchema), rule: ruleFormSchema });

/** "Test against the last 24 hours": the rule as the form has it now, and its window. */
export const testRuleSchema = z.object({
  ruleId: z.optional(ruleIdSchema),
  rule: ruleFormSchema,
  windowHours: z.union(
    TEST_WINDOW_HOURS.map((hours) => z.literal(hours)),
    {
      error: "Choose the last hour, 24 hours or 7 days.",
    },
  ),
});

/** "Enable" / "Disable". */
export const setRuleEnabledSchema = z.object({ ruleId: ruleIdSchema, enabled: z.boolean() });

/** "New list" and a list's "Save": its terms typed (comma or line apart) or from a CSV file. */
export const keywordListFormSchema = z
  .object({
    name: text("The list's name", 1, RULE_LIMITS.nameLength, "Name the list."),
    description: z
      .string()
      .check(
        z.trim(),
        z.maxLength(
          RULE_LIMITS.descriptionLength,
          `The description may have at most ${RULE_LIMITS.descriptionLength} characters.`,
        ),
        z.superRefine(plainText("The description")),
      ),
    category: z.enum(["word", "pattern"], { error: "Choose words or patterns." }),
    terms: z.string().check(z.superRefine(plainText("The terms"))),
  })
  .check(
    z.superRefine((list, context) => {
      // Patterns one a line (a pattern may hold a comma); words by commas or lines.
      const terms =
        list.category === "pattern"
          ? list.terms
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean)
          : splitTerms(list.terms);
      if (terms.length === 0)
        context.addIssue({ code: "custom", path: ["terms"], message: "Add at least one term, or upload a CSV file." });
      const problems: string[] = [];
      terms.forEach((term, index) => {
        const problem = list.category === "pattern" ? patternProblem(term) : keywordProblem(term, "word");
        if (problem)
          problems.push(`${list.category === "pattern" ? `Line ${index + 1}` : `“${term.slice(0, 40)}”`}: ${problem}`);
      });
      if (problems.length > 0)
        context.addIssue({
          code: "custom",
          path: ["terms"],
          message: problems.slice(0, 5).join(" ") + (problems.length > 5 ? ` And ${problems.length - 5} more.` : ""),
        });
    }),
  );

export const saveKeywordListSchema = z.object({
  listId: z.optional(z.string().check(z.regex(ID_PATTERN, "That list id is not valid."))),
  list: keywordListFormSchema,
});

export type RuleFormInput = z.input<typeof ruleFormSchema>;
export type KeywordListFormInput = z.input<typeof keywordListFormSchema>;
