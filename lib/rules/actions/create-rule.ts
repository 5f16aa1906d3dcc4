"use server";

import { defineAction } from "@/lib/actions/define-action";
import { chatApi } from "@/lib/chat-api";
import { getDb } from "@/lib/db/client";
import { definitionKeyOf, ruleBodyOf } from "@/lib/rules/draft";
import { revalidateRules } from "@/lib/rules/revalidate";
import { saveRuleSchema } from "@/lib/rules/schemas";
import { newRuleId, ruleRecordOf } from "@/lib/rules/service";
import { adoptDraftTests } from "@/lib/rules/store";

/** "Save rule" of "New rule": saved switched off, so that it is tested before "Enable" puts it to work. */
export const createRuleAction = defineAction({
  name: "rule.create",
  permission: "rules.manage",
  describe: "write moderation rules",
  input: saveRuleSchema,
  audit: ({ rule }) => ({ affectedUids: [], requestBody: { rule: ruleBodyOf(rule) } }),
  run: async ({ rule }, { operator }) => {
    const body = ruleBodyOf(rule);
    const id = newRuleId(rule.name);
    const { data: created } = await chatApi().createRule({ id, ...body, enabled: false });
    // Tests of the draft, made on the "New rule" page before it had an id, are this rule's.
    await adoptDraftTests(await getDb(), created.id, definitionKeyOf(body), operator.id);
    revalidateRules();
    return { ruleId: created.id, rule: ruleRecordOf(created) };
  },
  completion: ({ ruleId, rule }) => ({
    outcome: "succeeded",
    summary: { ruleId, revisionId: rule.revisionId, changeSet: { rule: { old: null, new: rule } } },
  }),
});
