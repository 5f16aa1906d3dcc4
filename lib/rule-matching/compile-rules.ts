import { filterHolds } from "./filters";
import { normalisedTerms, patternsTest, wordsRegExp } from "./terms-regexp";
import type { KeywordListTerms, MatchableMessage, MatchableRule, RuleCondition, RuleMatch } from "./types";

/**
 * The rules of an app, made ready to test messages against: each keyword list is compiled once
 * (./terms-regexp.ts), each condition into one test.
 *
 * What is evaluated: conditions on a message's text (operand `text`), of category `word` or
 * `pattern`, whose words or patterns are the condition's own `value` or those of the keyword lists it
 * names (`isKeywordsReferencePresent`). What is not (it never matches): image and video conditions
 * (the vendor's AI moderation), custom messages, and sentence-similarity lists. `contains` finds a
 * word or a pattern anywhere in the text; `equals` wants the whole text (trimmed) to be the word, or
 * to match the pattern entirely.
 */

export type CompiledRules = {
  /**
   * The first enabled rule, in the order given, whose filters all hold for `message` (sent at
   * `nowSeconds`) and one of whose conditions matches it, with that condition.
   */
  firstMatch: (message: MatchableMessage, nowSeconds: number) => RuleMatch | undefined;
};

type TextTest = (text: string) => boolean;

function listTests(lists: KeywordListTerms[]) {
  const contains = new Map<string, TextTest | undefined>();
  const equals = new Map<string, TextTest | undefined>();
  const byId = new Map(lists.map((list) => [list.id, list]));
  const build = (list: KeywordListTerms, whole: boolean): TextTest | undefined => {
    if (list.category === "pattern") return patternsTest(list.searchTerms, whole);
    if (list.category !== "word") return undefined;
    if (whole) {
      const words = new Set(normalisedTerms(list.searchTerms));
      return words.size > 0 ? (text) => words.has(text.trim().toLowerCase()) : undefined;
    }
    const expression = wordsRegExp(list.searchTerms);
    return expression ? (text) => expression.test(text) : undefined;
  };
  return (id: string, category: RuleCondition["category"], whole: boolean): TextTest | undefined => {
    const list = byId.get(id);
    if (!list || list.category !== category) return undefined;
    const cache = whole ? equals : contains;
    if (!cache.has(id)) cache.set(id, build(list, whole));
    return cache.get(id);
  };
}

function literalTest(condition: RuleCondition, whole: boolean): TextTest | undefined {
  if (condition.category === "pattern") return patternsTest(condition.value, whole);
  if (whole) {
    const words = new Set(normalisedTerms(condition.value));
    return words.size > 0 ? (text) => words.has(text.trim().toLowerCase()) : undefined;
  }
  const expression = wordsRegExp(condition.value);
  return expression ? (text) => expression.test(text) : undefined;
}

export function compileRules(rules: MatchableRule[], lists: KeywordListTerms[]): CompiledRules {
  const testOfList = listTests(lists);
  const compiled = rules
    .filter((rule) => rule.enabled)
    .map((rule) => ({
      rule,
      conditions: rule.conditions.flatMap((condition) => {
        if (condition.operand !== "text") return [];
        const whole = condition.operator === "equals";
        const tests = condition.isKeywordsReferencePresent
          ? condition.value.map((id) => testOfList(id, condition.category, whole))
          : [literalTest(condition, whole)];
        const present = tests.filter((test): test is TextTest => test !== undefined);
        return present.length > 0 ? [{ condition, tests: present }] : [];
      }),
    }))
    .filter((entry) => entry.conditions.length > 0);

  return {
    firstMatch(message, nowSeconds) {
      for (const { rule, conditions } of compiled) {
        if (!rule.filters.every((filter) => filterHolds(filter, message, nowSeconds))) continue;
        const matched = conditions.find(({ tests }) => tests.some((test) => test(message.text)));
        if (matched) return { rule, condition: matched.condition };
      }
      return undefined;
    },
  };
}
