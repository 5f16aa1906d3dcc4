import type { Endpoint } from "./http";
import { listBlockedMessages, listReviewedMessages, reviewBlockedMessage } from "./blocked-messages";
import {
  createKeywordList,
  deleteKeywordList,
  getKeywordList,
  listKeywordLists,
  updateKeywordList,
} from "./keyword-lists";
import { createRule, deleteRule, getRule, listRuleRevisions, listRules, updateRule } from "./moderation-rules";
import { parseOrThrow, queryOf } from "./validation";
import { messageIdSchema } from "./validation-moderation";
import {
  blockedMessagesQuerySchema,
  createKeywordListBodySchema,
  createRuleBodySchema,
  engineListQuerySchema,
  reviewBlockedMessageBodySchema,
  updateKeywordListBodySchema,
  updateRuleBodySchema,
} from "./validation-moderation-engine";

/** The endpoints of the moderation engine: rules, keyword lists, blocked and reviewed messages. */

const QUERY = "The query is not valid";
const BODY = "The request body is not valid";
const listQuery = (query: URLSearchParams) => parseOrThrow(engineListQuerySchema, queryOf(query), QUERY);

export const rulesEndpoints = {
  GET: { handle: async ({ query }) => listRules(listQuery(query)) },
  POST: { handle: async ({ body }) => ({ data: await createRule(parseOrThrow(createRuleBodySchema, body, BODY)) }) },
} satisfies Record<string, Endpoint>;

export const ruleEndpoints = {
  GET: { handle: async ({ params }) => ({ data: await getRule(params.id!) }) },
  PUT: {
    handle: async ({ params, body }) => ({
      data: await updateRule(params.id!, parseOrThrow(updateRuleBodySchema, body, BODY)),
    }),
  },
  DELETE: { handle: async ({ params }) => ({ data: await deleteRule(params.id!) }) },
} satisfies Record<string, Endpoint>;

export const ruleRevisionsEndpoints = {
  GET: { handle: async ({ params, query }) => listRuleRevisions(params.id!, listQuery(query)) },
} satisfies Record<string, Endpoint>;

export const keywordListsEndpoints = {
  GET: { handle: async ({ query }) => listKeywordLists(listQuery(query)) },
  POST: {
    handle: async ({ body }) => ({
      data: await createKeywordList(parseOrThrow(createKeywordListBodySchema, body, BODY)),
    }),
  },
} satisfies Record<string, Endpoint>;

export const keywordListEndpoints = {
  GET: { handle: async ({ params }) => ({ data: await getKeywordList(params.id!) }) },
  PUT: {
    handle: async ({ params, body }) => ({
      data: await updateKeywordList(params.id!, parseOrThrow(updateKeywordListBodySchema, body, BODY)),
    }),
  },
  DELETE: { handle: async ({ params }) => ({ data: await deleteKeywordList(params.id!) }) },
} satisfies Record<string, Endpoint>;

export const blockedMessagesEndpoints = {
  GET: {
    handle: async ({ query }) => listBlockedMessages(parseOrThrow(blockedMessagesQuerySchema, queryOf(query), QUERY)),
  },
} satisfies Record<string, Endpoint>;

export const blockedMessageEndpoints = {
  PATCH: {
    handle: async ({ params, body }) => {
      const id = parseOrThrow(messageIdSchema, params.id, "The id in the path is not valid", "id");
      const { status } = parseOrThrow(reviewBlockedMessageBodySchema, body, BODY);
      return { data: await reviewBlockedMessage(id, status) };
    },
  },
} satisfies Record<string, Endpoint>;

export const reviewedMessagesEndpoints = {
  GET: { handle: async ({ query }) => listReviewedMessages(listQuery(query)) },
} satisfies Record<string, Endpoint>;
