import { chatApi } from "@/lib/chat-api";
import { getDb } from "@/lib/db/client";
import { revalidateRules } from "./revalidate";
import { definitionKeyOfRule, readRule, ruleRecordOf } from "./service";
import { latestTestOfDefinition, testSummaryOf } from "./store";

/**
 * "Enable" or "Disable": the rule switched at the service; the log keeps the rule as it was and the
 * numbers of its latest test of this very definition (null when it was never tested as it is).
 */
export async function switchRule(ruleId: string, enabled: boolean) {
  const before = await readRule(ruleId);
  const test = await latestTestOfDefinition(await getDb(), ruleId, definitionKeyOfRule(before));
  const { data: after } = await chatApi().updateRule(ruleId, { enabled });
  revalidateRules(ruleId);
  return {
    ruleId,
    name: after.name,
    revisionId: after.revisionId ?? null,
    rule: ruleRecordOf(after),
    test: test ? testSummaryOf(test) : null,
    changeSet: { enabled: { old: before.enabled, new: after.enabled } },
  };
}
