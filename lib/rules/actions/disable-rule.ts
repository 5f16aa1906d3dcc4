"use server";

import { defineAction, succeededWith } from "@/lib/actions/define-action";
import { setRuleEnabledSchema } from "@/lib/rules/schemas";
import { switchRule } from "@/lib/rules/switch-rule";

/** "Disable": messages the rule matched are delivered again from the next one on. */
export const disableRuleAction = defineAction({
  name: "rule.disable",
  permission: "rules.manage",
  describe: "disable moderation rules",
  input: setRuleEnabledSchema,
  audit: ({ ruleId }) => ({ affectedUids: [], requestBody: { ruleId, enabled: false } }),
  run: async ({ ruleId }) => switchRule(ruleId, false),
  completion: succeededWith,
});
