"use server";

import { defineAction, succeededWith } from "@/lib/actions/define-action";
import { setRuleEnabledSchema } from "@/lib/rules/schemas";
import { switchRule } from "@/lib/rules/switch-rule";

/** "Enable": the rule holds back or drops what it matches from the next message on. */
export const enableRuleAction = defineAction({
  name: "rule.enable",
  permission: "rules.manage",
  describe: "enable moderation rules",
  input: setRuleEnabledSchema,
  audit: ({ ruleId }) => ({ affectedUids: [], requestBody: { ruleId, enabled: true } }),
  run: async ({ ruleId }) => switchRule(ruleId, true),
  completion: succeededWith,
});
