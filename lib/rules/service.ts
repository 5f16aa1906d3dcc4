import { randomBytes } from "node:crypto";
import { chatApi } from "@/lib/chat-api";
import type { ChatRule } from "@/lib/chat-api/rules-schemas";
import type { KeywordListTerms } from "@/lib/rule-matching/types";
import { definitionKeyOf } from "./draft";

/** The rules' reads of the chat service that several actions share. */

/** The service's keyword lists as the matcher reads them. */
export async function keywordListTerms(): Promise<KeywordListTerms[]> {
  const { data } = await chatApi().listKeywordLists();
  return data.map((list) => ({
    id: list.id,
    category: list.category as KeywordListTerms["category"],
    searchTerms: list.searchTerms,
  }));
}

export async function readRule(ruleId: string): Promise<ChatRule> {
  return (await chatApi().getRule(ruleId)).data;
}

export const definitionKeyOfRule = (rule: ChatRule) =>
  definitionKeyOf({ conditions: rule.conditions, filters: rule.filters ?? [], action: rule.action });

/** What the log keeps of a rule: what it is called, matches and does, and its revision. */
export const ruleRecordOf = (rule: ChatRule) => ({
  name: rule.name,
  description: rule.description ?? "",
  enabled: rule.enabled,
  conditions: rule.conditions,
  filters: rule.filters ?? [],
  action: rule.action,
  revisionId: rule.revisionId ?? null,
});

/** A new rule's id: its name as a slug, and a few random characters so that two rules of one name differ. */
export function newRuleId(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "rule"}-${randomBytes(3).toString("hex")}`;
}
