"use server";

import { defineAction } from "@/lib/actions/define-action";
import { getDb } from "@/lib/db/client";
import { definitionKeyOf, ruleBodyOf } from "@/lib/rules/draft";
import { revalidateRules } from "@/lib/rules/revalidate";
import { runRuleTest } from "@/lib/rules/rule-test";
import { testRuleSchema } from "@/lib/rules/schemas";
import { keywordListTerms } from "@/lib/rules/service";
import { insertRuleTest, testSummaryOf } from "@/lib/rules/store";

/**
 * "Test against the last 24 hours": a moderator's act, since it reads the service within the jobs'
 * budget. The rule as the form has it now, saved or not; the log keeps the rule and the numbers.
 */
export const testRuleAction = defineAction({
  name: "rule.test",
  permission: "rules.manage",
  describe: "test moderation rules",
  input: testRuleSchema,
  audit: ({ ruleId, rule, windowHours }) => ({
    affectedUids: [],
    requestBody: { ruleId: ruleId ?? null, rule: ruleBodyOf(rule), windowHours },
  }),
  run: async ({ ruleId, rule, windowHours }, { operator, operationId }) => {
    const body = ruleBodyOf(rule);
    const db = await getDb();
    const result = await runRuleTest(db, body, await keywordListTerms(), windowHours);
    const test = await insertRuleTest(db, {
      ruleId: ruleId ?? null,
      definition: body,
      definitionKey: definitionKeyOf(body),
      windowHours,
      result,
      tester: { id: operator.id, name: operator.name },
      operationId,
    });
    revalidateRules(ruleId);
    return { ...test, cut: result.cut };
  },
  completion: (test) => ({
    outcome: "succeeded",
    summary: { ruleId: test.ruleId, ...testSummaryOf(test), calls: test.calls, cut: test.cut },
  }),
});
