import { rulesResponseSchemas as schemas } from "./rules-schemas";
import type { ChatKeywordList, ChatRule } from "./rules-schemas";
import { queryOf } from "./moderation-calls";
import type { ChatApiResult, createTransport } from "./transport";

type Send = ReturnType<typeof createTransport>;

/** A rule as the console writes it: the vendor's fields (chat-apis.json, "Add Rule"). */
type RuleBody = Pick<ChatRule, "name" | "enabled" | "conditions" | "action"> & {
  id?: string;
  description?: string;
  filters: NonNullable<ChatRule["filters"]>;
};

/** A keyword list as the console writes it; the vendor takes it as a form (`multipart/form-data`). */
type KeywordListBody = {
  id?: string;
  name: string;
  description?: string;
  category: "word" | "pattern";
  /** Words comma-separated, or one pattern a line, as the vendor takes them. */
  searchTerms: string;
};

export type RulesCalls = {
  listRules(): Promise<ChatApiResult<ChatRule[]>>;
  getRule(id: string): Promise<ChatApiResult<ChatRule>>;
  createRule(rule: RuleBody): Promise<ChatApiResult<ChatRule>>;
  updateRule(id: string, change: Partial<RuleBody>): Promise<ChatApiResult<ChatRule>>;
  listRuleRevisions(id: string): Promise<ChatApiResult<ChatRule[]>>;
  listKeywordLists(): Promise<ChatApiResult<ChatKeywordList[]>>;
  createKeywordList(list: KeywordListBody): Promise<ChatApiResult<ChatKeywordList>>;
  updateKeywordList(id: string, list: Omit<KeywordListBody, "id">): Promise<ChatApiResult<ChatKeywordList>>;
  /** The messages the rules hold for review, newest first; `page` is the embedded service's (the vendor names `limit` only). */
  listBlockedMessages(paging: {
    limit: number;
    page: number;
  }): Promise<ChatApiResult<{ data: unknown[]; meta?: unknown }>>;
  /** "approved" delivers the message; "rejected" keeps it from delivery. */
  reviewBlockedMessage(id: string, status: "approved" | "rejected"): Promise<ChatApiResult<Record<string, unknown>>>;
};

const segment = encodeURIComponent;
/** The service's lists are small (25 custom rules and lists at most): one page of the vendor's most holds them. */
const ALL = "?limit=1000";

function keywordForm(list: Partial<KeywordListBody>): FormData {
  const form = new FormData();
  for (const key of ["id", "name", "description", "category", "searchTerms"] as const) {
    const value = list[key];
    if (value !== undefined) form.set(key, value);
  }
  return form;
}

/** The calls of the moderation engine, sent through the client's one transport. */
export function rulesCalls(send: Send): RulesCalls {
  return {
    listRules: () => send({ method: "GET", path: `/moderation/rules${ALL}` }, schemas.rules),
    getRule: (id) => send({ method: "GET", path: `/moderation/rules/${segment(id)}` }, schemas.rule),
    createRule: (rule) => send({ method: "POST", path: "/moderation/rules", body: rule }, schemas.rule),
    updateRule: (id, change) =>
      send({ method: "PUT", path: `/moderation/rules/${segment(id)}`, body: change }, schemas.rule),
    listRuleRevisions: (id) =>
      send({ method: "GET", path: `/moderation/rules/${segment(id)}/revisions${ALL}` }, schemas.rules),
    listKeywordLists: () => send({ method: "GET", path: `/moderation/keywords${ALL}` }, schemas.keywordLists),
    createKeywordList: (list) =>
      send({ method: "POST", path: "/moderation/keywords", body: keywordForm(list) }, schemas.keywordList),
    updateKeywordList: (id, list) =>
      send(
        { method: "PUT", path: `/moderation/keywords/${segment(id)}`, body: keywordForm(list) },
        schemas.keywordList,
      ),
    listBlockedMessages: ({ limit, page }) =>
      send(
        { method: "GET", path: `/moderation/blocked-messages?${queryOf({ limit, page })}` },
        schemas.blockedMessages,
      ),
    reviewBlockedMessage: (id, status) =>
      send({ method: "PATCH", path: `/moderation/blocked-messages/${segment(id)}`, body: { status } }, schemas.review),
  };
}
