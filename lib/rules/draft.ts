/**
 * A rule in a moderator's words ("Text contains a word of list…", "Sender's account is newer than…
 * hours", "Hold the message for review") and the vendor's conditions and filters it stands for. The
 * form edits a draft; the service stores the vendor's shape. A rule whose conditions the form cannot
 * say (the vendor's image, video and AI rules) is not a draft: the console shows it and switches it,
 * but does not edit it.
 */

type RuleAction = "blockMessage" | "dropMessage";

export type RuleDraft = {
  name: string;
  description: string;
  /** "Text contains a word of list…": word lists' ids. */
  wordLists: string[];
  /** "Text contains one of these words": literal words, as typed. */
  words: string[];
  /** "Text matches a pattern of list…": pattern lists' ids. */
  patternLists: string[];
  /** "Sender's account is newer than… hours"; null for any account. */
  newerThanHours: number | null;
  /** "Sent in group…": GUIDs; empty for anywhere. */
  groups: string[];
  action: RuleAction;
};

type Condition = {
  entity: "message";
  operand: "text";
  operator: "contains";
  category: "word" | "pattern";
  isKeywordsReferencePresent: boolean;
  isMediaPresent: false;
  value: string[];
};

type Filter = {
  entity: "user" | "group";
  operand: "createdAt" | "guid";
  operator: "greaterThan" | "in";
  value: number | string[];
  type: "sender" | "receiver";
};

/** The vendor's shape of a draft: one condition per kind used (any may match), its filters all to hold. */
export function ruleBodyOf(draft: RuleDraft) {
  const conditions: Condition[] = [];
  const condition = (category: Condition["category"], byList: boolean, value: string[]) =>
    conditions.push({
      entity: "message",
      operand: "text",
      operator: "contains",
      category,
      isKeywordsReferencePresent: byList,
      isMediaPresent: false,
      value,
    });
  if (draft.wordLists.length > 0) condition("word", true, draft.wordLists);
  if (draft.words.length > 0) condition("word", false, draft.words);
  if (draft.patternLists.length > 0) condition("pattern", true, draft.patternLists);
  const filters: Filter[] = [];
  // "Newer than N hours": created after now − N hours. The vendor's filter takes a time; a negative one is
  // the embedded service's way (docs/embedded-chat-api.md) to say "before now", so that the rule does not age.
  if (draft.newerThanHours !== null)
    filters.push({
      entity: "user",
      operand: "createdAt",
      operator: "greaterThan",
      value: -Math.round(draft.newerThanHours * 3600),
      type: "sender",
    });
  if (draft.groups.length > 0)
    filters.push({ entity: "group", operand: "guid", operator: "in", value: draft.groups, type: "receiver" });
  return {
    name: draft.name,
    description: draft.description,
    conditions,
    filters,
    action: [draft.action],
  };
}

type StoredRule = {
  name: string;
  description?: string;
  conditions: Array<{
    operand: string;
    operator: string;
    category: string;
    isKeywordsReferencePresent?: boolean;
    value: string[];
  }>;
  filters?: Array<{ operand: string; operator: string; value: unknown; type?: string }>;
  action: string[];
};

/** The draft a stored rule is, or undefined when the form cannot say it. */
export function draftOf(rule: StoredRule): RuleDraft | undefined {
  const draft: RuleDraft = {
    name: rule.name,
    description: rule.description ?? "",
    wordLists: [],
    words: [],
    patternLists: [],
    newerThanHours: null,
    groups: [],
    action: rule.action[0] === "dropMessage" ? "dropMessage" : "blockMessage",
  };
  if (rule.action.length !== 1 || !["blockMessage", "dropMessage"].includes(rule.action[0]!)) return undefined;
  for (const condition of rule.conditions) {
    if (condition.operand !== "text" || condition.operator !== "contains") return undefined;
    const byList = condition.isKeywordsReferencePresent === true;
    if (condition.category === "word" && byList) draft.wordLists.push(...condition.value);
    else if (condition.category === "word") draft.words.push(...condition.value);
    else if (condition.category === "pattern" && byList) draft.patternLists.push(...condition.value);
    else return undefined;
  }
  for (const filter of rule.filters ?? []) {
    if (filter.operand === "createdAt" && filter.operator === "greaterThan" && typeof filter.value === "number") {
      if (filter.value >= 0) return undefined;
      draft.newerThanHours = -filter.value / 3600;
    } else if (filter.operand === "guid" && ["in", "equals"].includes(filter.operator)) {
      draft.groups.push(...(Array.isArray(filter.value) ? filter.value.map(String) : [String(filter.value)]));
    } else return undefined;
  }
  return draft;
}

/** A stable key of what a rule matches and does: whether a test still describes the rule as it is. */
export function definitionKeyOf(body: { conditions: unknown[]; filters?: unknown[]; action: string[] }): string {
  return JSON.stringify([body.conditions.map(withoutId), (body.filters ?? []).map(withoutId), body.action]);
}

/** What a condition or filter says, without what the service adds (its number, weight, messages). */
const ADDED_BY_SERVICE = new Set(["id", "weight", "message"]);

function withoutId(item: unknown) {
  if (typeof item !== "object" || item === null) return item;
  return Object.fromEntries(
    Object.entries(item as Record<string, unknown>)
      .filter(([key]) => !ADDED_BY_SERVICE.has(key))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** The conditions and filters of a rule in a moderator's words, for lists and confirmations. */
export function describeRule(
  rule: StoredRule,
  listNames: ReadonlyMap<string, string>,
): { conditions: string[]; filters: string[]; action: string } {
  const named = (ids: string[]) => ids.map((id) => `“${listNames.get(id) ?? id}”`).join(", ");
  const conditions = rule.conditions.map((condition) => {
    if (condition.operand === "image" || condition.operand === "video")
      return `The ${condition.operand} is checked by the vendor's AI (${condition.value.join(", ")})`;
    // A custom message's text is checked as a text message's is; the embedded service checks text messages only.
    const subject = condition.operand === "custom" ? "A custom message's text" : "Text";
    const byList = condition.isKeywordsReferencePresent === true;
    if (condition.category === "pattern")
      return byList
        ? `${subject} matches a pattern of list ${named(condition.value)}`
        : `${subject} matches ${condition.value.join(", ")}`;
    return byList
      ? `${subject} contains a word of list ${named(condition.value)}`
      : `${subject} contains one of these words: ${condition.value.join(", ")}`;
  });
  const filters = (rule.filters ?? []).map((filter) => {
    if (filter.operand === "createdAt" && typeof filter.value === "number" && filter.value < 0)
      return `Sender's account is ${filter.operator === "greaterThan" ? "newer" : "older"} than ${formatHours(-filter.value / 3600)}`;
    if (filter.operand === "guid") {
      const groups = Array.isArray(filter.value) ? filter.value.join(", ") : String(filter.value);
      return filter.operator.startsWith("not") ? `Not sent in group ${groups}` : `Sent in group ${groups}`;
    }
    return `${filter.type ?? ""} ${filter.operand} ${filter.operator} ${JSON.stringify(filter.value)}`.trim();
  });
  const action = rule.action.includes("dropMessage") ? "Drop the message" : "Hold the message for review";
  return { conditions, filters, action };
}

const formatHours = (hours: number) => (hours === 1 ? "1 hour" : `${hours} hours`);
