import type { Endpoint } from "./http";
import { resetSettings, serviceSettingsSchema, serviceState, updateSettings } from "./settings";
import { blockUsers, listBlockedUsers, unblockUsers } from "./blocking";
import { listConversations } from "./conversation-list";
import {
  getGroupConversation,
  getUserConversation,
  updateGroupConversation,
  updateUserConversation,
} from "./conversations";
import { clearCallJournal, readCallJournal } from "./journal";
import { createTestUsers, getUser, listUsers } from "./users";
import {
  blockedUidsBodySchema,
  listConversationsQuerySchema,
  listUsersQuerySchema,
  paginationQuerySchema,
  parseOrThrow,
  queryOf,
  testUsersBodySchema,
  updateConversationBodySchema,
} from "./validation";

/** The endpoints of the embedded v3 service, one object a path; ./routes.ts maps the paths to them. */

export const usersEndpoints = {
  GET: {
    handle: async ({ query }) =>
      listUsers(parseOrThrow(listUsersQuerySchema, queryOf(query), "The query is not valid")),
  },
} satisfies Record<string, Endpoint>;

export const userEndpoints = {
  GET: { handle: async ({ params }) => ({ data: await getUser(params.uid!) }) },
} satisfies Record<string, Endpoint>;

export const conversationsEndpoints = {
  GET: {
    onBehalfOf: "required",
    handle: async ({ query, onBehalfOf }) =>
      listConversations(
        onBehalfOf,
        parseOrThrow(listConversationsQuerySchema, queryOf(query), "The query is not valid"),
      ),
  },
} satisfies Record<string, Endpoint>;

export const userConversationEndpoints = {
  GET: {
    onBehalfOf: "required",
    handle: async ({ params, onBehalfOf }) => ({ data: [await getUserConversation(onBehalfOf, params.uid!)] }),
  },
  PUT: {
    onBehalfOf: "required",
    handle: async ({ params, onBehalfOf, body }) => {
      const { tags } = parseOrThrow(updateConversationBodySchema, body, "The request body is not valid");
      return { data: [await updateUserConversation(onBehalfOf, params.uid!, tags)] };
    },
  },
} satisfies Record<string, Endpoint>;

export const groupConversationEndpoints = {
  GET: {
    onBehalfOf: "required",
    handle: async ({ params, onBehalfOf }) => ({ data: [await getGroupConversation(onBehalfOf, params.guid!)] }),
  },
  PUT: {
    onBehalfOf: "required",
    handle: async ({ params, onBehalfOf, body }) => {
      const { tags } = parseOrThrow(updateConversationBodySchema, body, "The request body is not valid");
      return { data: [await updateGroupConversation(onBehalfOf, params.guid!, tags)] };
    },
  },
} satisfies Record<string, Endpoint>;

export const blockedUsersEndpoints = {
  GET: {
    handle: async ({ params, query }) => {
      return listBlockedUsers(
        params.uid!,
        parseOrThrow(paginationQuerySchema, queryOf(query), "The query is not valid"),
      );
    },
  },
  POST: {
    handle: async ({ params, body }) => {
      const { blockedUids } = parseOrThrow(blockedUidsBodySchema, body, "The request body is not valid");
      return { data: await blockUsers(params.uid!, blockedUids) };
    },
  },
  DELETE: {
    handle: async ({ params, body }) => {
      const { blockedUids } = parseOrThrow(blockedUidsBodySchema, body, "The request body is not valid");
      return { data: await unblockUsers(params.uid!, blockedUids) };
    },
  },
} satisfies Record<string, Endpoint>;

/** Not part of the vendor's API: the embedded service's own rate limit and fault injection. */
export const settingsEndpoints = {
  GET: { control: true, handle: async () => ({ data: serviceState().settings }) },
  PUT: {
    control: true,
    handle: async ({ body }) => ({
      data: updateSettings(parseOrThrow(serviceSettingsSchema.partial(), body, "The settings are not valid")),
    }),
  },
  DELETE: { control: true, handle: async () => ({ data: resetSettings() }) },
} satisfies Record<string, Endpoint>;

/** Not part of the vendor's API: the journal of block and unblock calls, when switched on. */
export const journalEndpoints = {
  GET: { control: true, handle: async () => ({ data: await readCallJournal() }) },
  DELETE: {
    control: true,
    handle: async () => {
      await clearCallJournal();
      return { data: [] };
    },
  },
} satisfies Record<string, Endpoint>;

/** Not part of the vendor's API: creates many plain users at once, for load and incident tests. */
export const testUsersEndpoints = {
  POST: {
    control: true,
    handle: async ({ body }) => {
      const { prefix, count } = parseOrThrow(testUsersBodySchema, body, "The request body is not valid");
      return { data: await createTestUsers(prefix, count) };
    },
  },
} satisfies Record<string, Endpoint>;
