import type { chatKeywordLists, chatModerationRules } from "./db/schema";

/**
 * The records of the moderation engine as the vendor's examples show them. The vendor's
 * `revisionId` is `<appId>_<id>_<n>`; the embedded service is one app, whose id is this.
 */
const EMBEDDED_APP_ID = "embedded";

export const revisionIdOf = (id: string, revision: number) => `${EMBEDDED_APP_ID}_${id}_${revision}`;

type RuleRow = typeof chatModerationRules.$inferSelect;
type KeywordListRow = typeof chatKeywordLists.$inferSelect;

export const ruleRecord = (rule: Omit<RuleRow, "position">) => ({
  id: rule.id,
  name: rule.name,
  description: rule.description,
  enabled: rule.enabled,
  conditions: rule.conditions,
  filters: rule.filters,
  action: rule.action,
  active: true,
  ...(rule.isDefault ? { default: true } : {}),
  revisionId: revisionIdOf(rule.id, rule.revision),
  createdAt: rule.createdAt,
  updatedAt: rule.updatedAt,
});

export const keywordListRecord = (list: KeywordListRow) => ({
  id: list.id,
  name: list.name,
  description: list.description,
  category: list.category,
  isCSV: list.isCsv,
  searchTerms: list.searchTerms,
  active: true,
  ...(list.isDefault ? { default: true } : {}),
  revisionId: revisionIdOf(list.id, list.revision),
  createdAt: list.createdAt,
  updatedAt: list.updatedAt,
});
