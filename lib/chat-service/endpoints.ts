import type { Endpoint } from "./http";
import { resetSettings, serviceSettingsSchema, serviceState, updateSettings } from "./settings";
import {
  blockUsers,
  clearBlockCallJournal,
  createTestUsers,
  readBlockCallJournal,
  getGroupConversation,
  getUser,
  getUserConversation,
  listBlockedUsers,
  unblockUsers,
  updateGroupConversation,
  updateUserConversation,
} from "./store";
import {
  blockedUidsBodySchema,
  paginationQuerySchema,
  parseOrThrow,
  testUsersBodySchema,
  updateConversationBodySchema,
} from "./validation";

/** The endpoints of the embedded v3 service, one object a path; `app/v3/...` routes serve them. */

export const userEndpoints = {
  GET: { handle: async ({ params }) => ({ data: await getUser(params.uid!) }) },
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
    handle: async ({ params, url }) => {
      const { page, perPage } = parseOrThrow(
        paginationQuerySchema,
        Object.fromEntries(url.searchParams),
        "The query is not valid",
      );
      return listBlockedUsers(params.uid!, page, perPage);
    },
  },
  POST: {
    handle: async ({ params, body }) => {
      const { blockedUids } = parseOrThrow(blockedUidsBodySchema, body, "The request body is not valid");
      return { data: await blockUsers(params.uid!, blockedUids, serviceState().settings.journal) };
    },
  },
  DELETE: {
    handle: async ({ params, body }) => {
      const { blockedUids } = parseOrThrow(blockedUidsBodySchema, body, "The request body is not valid");
      return { data: await unblockUsers(params.uid!, blockedUids, serviceState().settings.journal) };
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
  GET: { control: true, handle: async () => ({ data: await readBlockCallJournal() }) },
  DELETE: {
    control: true,
    handle: async () => {
      await clearBlockCallJournal();
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
