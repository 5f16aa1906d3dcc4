import type { Endpoint } from "./http";
import { activateUsers, deactivateUsers } from "./deactivation";
import { addMembers, banMember, listBannedUsers, unbanMember } from "./group-bans";
import { getGroup, kickMember, listGroups, listMembers } from "./groups";
import { listMessages } from "./message-list";
import { deleteMessage, getMessage, sendMessage } from "./messages";
import { createReason, flagMessage, listFlaggedMessages, listReasons, reviewFlaggedMessage } from "./moderation";
import { groupConversationId, userConversationId } from "./records";
import { requireUser } from "./lookups";
import { chatStore } from "./service";
import { paginationQuerySchema, parseOrThrow, queryOf } from "./validation";
import {
  activateUsersBodySchema,
  addMembersBodySchema,
  createReasonBodySchema,
  deactivateUsersBodySchema,
  deleteMessageBodySchema,
  flagMessageBodySchema,
  listGroupsQuerySchema,
  listMembersQuerySchema,
  messageIdSchema,
  messageListQuerySchema,
  moderationListQuerySchema,
  reviewFlaggedMessageBodySchema,
  sendMessageBodySchema,
} from "./validation-moderation";

/** The endpoints of the moderation surface (messages, reports, deactivation, groups); ./routes.ts maps paths to them. */

const QUERY = "The query is not valid";
const BODY = "The request body is not valid";
const messageId = (params: Record<string, string>) =>
  parseOrThrow(messageIdSchema, params.id, "The id in the path is not valid", "id");
const messageQuery = (query: URLSearchParams) => parseOrThrow(messageListQuerySchema, queryOf(query), QUERY);
const optional = (onBehalfOf: string) => onBehalfOf || undefined;

export const messagesEndpoints = {
  GET: {
    onBehalfOf: "optional",
    handle: async ({ query, onBehalfOf }) => {
      const filters = messageQuery(query);
      if (onBehalfOf) await requireUser(chatStore().db, onBehalfOf);
      return listMessages({ participant: optional(onBehalfOf) }, filters, onBehalfOf);
    },
  },
  POST: {
    onBehalfOf: "required",
    handle: async ({ body, onBehalfOf }) => ({
      data: await sendMessage(onBehalfOf, parseOrThrow(sendMessageBodySchema, body, BODY)),
    }),
  },
} satisfies Record<string, Endpoint>;

export const messageEndpoints = {
  GET: {
    onBehalfOf: "optional",
    handle: async ({ params, onBehalfOf }) => ({ data: await getMessage(messageId(params), optional(onBehalfOf)) }),
  },
  DELETE: {
    onBehalfOf: "optional",
    handle: async ({ params, body, onBehalfOf }) => {
      const id = messageId(params);
      const { permanent } = parseOrThrow(deleteMessageBodySchema, body, BODY);
      return { data: await deleteMessage(id, optional(onBehalfOf), permanent) };
    },
  },
} satisfies Record<string, Endpoint>;

export const userMessagesEndpoints = {
  GET: {
    onBehalfOf: "required",
    handle: async ({ params, query, onBehalfOf }) => {
      const filters = messageQuery(query);
      const { db } = chatStore();
      await requireUser(db, onBehalfOf);
      await requireUser(db, params.uid!);
      return listMessages({ conversationId: userConversationId(onBehalfOf, params.uid!) }, filters, onBehalfOf);
    },
  },
} satisfies Record<string, Endpoint>;

export const groupMessagesEndpoints = {
  GET: {
    onBehalfOf: "optional",
    handle: async ({ params, query, onBehalfOf }) => {
      const filters = messageQuery(query);
      const { db } = chatStore();
      if (onBehalfOf) await requireUser(db, onBehalfOf);
      return listMessages(
        { conversationId: groupConversationId(params.guid!), group: params.guid! },
        filters,
        onBehalfOf,
      );
    },
  },
} satisfies Record<string, Endpoint>;

export const flagEndpoints = {
  POST: {
    onBehalfOf: "required",
    handle: async ({ params, body, onBehalfOf }) => {
      const id = messageId(params);
      return { data: await flagMessage(id, onBehalfOf, parseOrThrow(flagMessageBodySchema, body, BODY)) };
    },
  },
} satisfies Record<string, Endpoint>;

export const flaggedMessagesEndpoints = {
  GET: {
    handle: async ({ query }) => listFlaggedMessages(parseOrThrow(moderationListQuerySchema, queryOf(query), QUERY)),
  },
} satisfies Record<string, Endpoint>;

export const flaggedMessageEndpoints = {
  PATCH: {
    handle: async ({ params, body }) => {
      const id = messageId(params);
      const { status } = parseOrThrow(reviewFlaggedMessageBodySchema, body, BODY);
      return { data: await reviewFlaggedMessage(id, status) };
    },
  },
} satisfies Record<string, Endpoint>;

export const reasonsEndpoints = {
  GET: { handle: async () => listReasons() },
  POST: {
    handle: async ({ body }) => ({ data: await createReason(parseOrThrow(createReasonBodySchema, body, BODY)) }),
  },
} satisfies Record<string, Endpoint>;

/** DELETE and PUT of `/users`: deactivation and reactivation (GET, the list, is in ./endpoints.ts). */
export const usersDeactivationEndpoints = {
  DELETE: {
    handle: async ({ body }) => ({
      data: await deactivateUsers(parseOrThrow(deactivateUsersBodySchema, body, BODY).uidsToDeactivate),
    }),
  },
  PUT: {
    handle: async ({ body }) => ({
      data: await activateUsers(parseOrThrow(activateUsersBodySchema, body, BODY).uidsToActivate),
    }),
  },
} satisfies Record<string, Endpoint>;

export const groupsEndpoints = {
  GET: {
    onBehalfOf: "optional",
    handle: async ({ query, onBehalfOf }) =>
      listGroups(parseOrThrow(listGroupsQuerySchema, queryOf(query), QUERY), optional(onBehalfOf)),
  },
} satisfies Record<string, Endpoint>;

export const groupEndpoints = {
  GET: {
    onBehalfOf: "optional",
    handle: async ({ params, onBehalfOf }) => ({ data: await getGroup(params.guid!, optional(onBehalfOf)) }),
  },
} satisfies Record<string, Endpoint>;

export const groupMembersEndpoints = {
  GET: {
    handle: async ({ params, query }) =>
      listMembers(params.guid!, parseOrThrow(listMembersQuerySchema, queryOf(query), QUERY)),
  },
  POST: {
    handle: async ({ params, body }) => ({
      data: await addMembers(params.guid!, parseOrThrow(addMembersBodySchema, body, BODY)),
    }),
  },
} satisfies Record<string, Endpoint>;

export const groupMemberEndpoints = {
  DELETE: {
    onBehalfOf: "optional",
    handle: async ({ params, onBehalfOf }) => ({
      data: await kickMember(params.guid!, params.uid!, optional(onBehalfOf)),
    }),
  },
} satisfies Record<string, Endpoint>;

export const bannedUsersEndpoints = {
  GET: {
    handle: async ({ params, query }) =>
      listBannedUsers(params.guid!, parseOrThrow(paginationQuerySchema, queryOf(query), QUERY)),
  },
} satisfies Record<string, Endpoint>;

export const bannedUserEndpoints = {
  POST: {
    onBehalfOf: "optional",
    handle: async ({ params, onBehalfOf }) => ({
      data: await banMember(params.guid!, params.uid!, optional(onBehalfOf)),
    }),
  },
  DELETE: {
    onBehalfOf: "optional",
    handle: async ({ params, onBehalfOf }) => ({
      data: await unbanMember(params.guid!, params.uid!, optional(onBehalfOf)),
    }),
  },
} satisfies Record<string, Endpoint>;
