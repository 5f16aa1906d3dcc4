import { chatApi } from "@/lib/chat-api";
import type { ChatKeywordList, ChatRule } from "@/lib/chat-api/rules-schemas";
import type { Database } from "@/lib/db/client";
import { blockedCountsByRule } from "@/lib/blocked-messages/queries";
import { recentRaidAlerts } from "@/lib/raid-alerts/store";
import { draftOf } from "./draft";
import { definitionKeyOfRule } from "./service";
import { latestTestOfDefinition, latestTestsOf, type RuleTest } from "./store";

/** The Rules page's reads: the service's rules and lists, with what the console knows of each. */

export type RuleRow = {
  rule: ChatRule;
  /** Messages it blocked in the last 24 hours (the index of blocked messages). */
  blocked24h: number;
  latestTest: RuleTest | undefined;
  /** Whether the form can edit it: a custom rule whose conditions it can say. */
  editable: boolean;
};

export async function rulesOverview(db: Database) {
  const [{ data: rules }, { data: lists }] = await Promise.all([chatApi().listRules(), chatApi().listKeywordLists()]);
  const since = new Date(Date.now() - 24 * 3600_000);
  const [counts, tests, alerts] = await Promise.all([
    blockedCountsByRule(db, since),
    latestTestsOf(
      db,
      rules.map((rule) => rule.id),
    ),
    recentRaidAlerts(db),
  ]);
  const rows: RuleRow[] = rules.map((rule) => ({
    rule,
    blocked24h: counts.get(rule.id) ?? 0,
    latestTest: tests.get(rule.id),
    editable: !rule.default && draftOf(rule) !== undefined,
  }));
  return { rows, lists, alerts };
}

export const listNamesOf = (lists: ChatKeywordList[]) => new Map(lists.map((list) => [list.id, list.name]));

/** The lists of one kind as the rule form offers them: "Text contains a word of list…" or "…a pattern of list…". */
export const listChoicesOf = (lists: ChatKeywordList[], category: "word" | "pattern") =>
  lists.filter((list) => list.category === category).map((list) => ({ id: list.id, name: list.name }));

/** One rule's page: the rule, its lists, its revisions, its latest test of what it is now, and its blocked count. */
export async function ruleDetail(db: Database, ruleId: string) {
  const [{ data: rule }, { data: lists }, { data: revisions }] = await Promise.all([
    chatApi().getRule(ruleId),
    chatApi().listKeywordLists(),
    chatApi().listRuleRevisions(ruleId),
  ]);
  const [counts, currentTest, tests] = await Promise.all([
    blockedCountsByRule(db, new Date(Date.now() - 24 * 3600_000)),
    latestTestOfDefinition(db, ruleId, definitionKeyOfRule(rule)),
    latestTestsOf(db, [ruleId]),
  ]);
  return {
    rule,
    lists,
    revisions,
    blocked24h: counts.get(ruleId) ?? 0,
    /** The latest test of the rule as it is now: what "Enable" shows. */
    currentTest,
    latestTest: tests.get(ruleId),
    editable: !rule.default && draftOf(rule) !== undefined,
  };
}
