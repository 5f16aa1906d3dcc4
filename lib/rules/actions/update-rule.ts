"use server";

import { defineAction } from "@/lib/actions/define-action";
import { chatApi } from "@/lib/chat-api";
import { RefusedError } from "@/lib/errors";
import { draftOf, ruleBodyOf } from "@/lib/rules/draft";
import { revalidateRules } from "@/lib/rules/revalidate";
import { saveRuleSchema } from "@/lib/rules/schemas";
import { readRule, ruleRecordOf } from "@/lib/rules/service";

/** A rule's "Save": the service makes a new revision; the log keeps the rule before and after. */
export const updateRuleAction = defineAction({
  name: "rule.update",
  permission: "rules.manage",
  describe: "write moderation rules",
  input: saveRuleSchema,
  audit: ({ ruleId, rule }) => ({ affectedUids: [], requestBody: { ruleId, rule: ruleBodyOf(rule) } }),
  prepare: async ({ ruleId }) => (ruleId ? readRule(ruleId) : undefined),
  run: async ({ ruleId, rule }, _context, before) => {
    if (!ruleId || !before) throw new RefusedError("Say which rule to change.");
    if (before.default || !draftOf(before))
      throw new RefusedError(
        `“${before.name}” is one of the vendor's rules, or uses conditions the console does not edit: it can be switched on or off, not changed here.`,
      );
    const { data: after } = await chatApi().updateRule(ruleId, ruleBodyOf(rule));
    revalidateRules(ruleId);
    return { ruleId, before: ruleRecordOf(before), after: ruleRecordOf(after) };
  },
  completion: ({ ruleId, before, after }) => ({
    outcome: "succeeded",
    summary: { ruleId, revisionId: after.revisionId, changeSet: { rule: { old: before, new: after } } },
  }),
});
