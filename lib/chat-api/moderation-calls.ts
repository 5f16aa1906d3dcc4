import { moderationResponseSchemas as schemas } from "./moderation-schemas";
import type {
  ChatGroup,
  FlaggedMessagesPage,
  GroupMembersPage,
  MemberActionResult,
  MessageCursor,
  MessagesPage,
  ModerationMessage,
  ReportReason,
  ScannedMessagesPage,
} from "./moderation-schemas";
import type { UsersPage } from "./schemas";
import type { ChatApiResult, createTransport } from "./transport";

type Send = ReturnType<typeof createTransport>;

/** Whose messages a listing reads: the whole app's, a conversation with a user as `onBehalfOf` sees it, or a group's.
 * @public
 */
export type MessageScope =
  | { kind: "app"; onBehalfOf?: string }
  | { kind: "user"; uid: string; onBehalfOf: string }
  | { kind: "group"; guid: string; onBehalfOf?: string };

/** The vendor's filters of a message listing; `cursor` is the `meta.next` of the page before.
 * @public
 */
export type MessageFilters = {
  searchKey?: string;
  sender?: string;
  receiverType?: "user" | "group";
  conversationId?: string;
  category?: "message" | "action" | "custom";
  type?: string;
  hasLinks?: boolean;
  hasAttachments?: boolean;
  hideDeleted?: boolean;
  onlyDeleted?: boolean;
  /** Unix seconds. */
  fromTimestamp?: number;
  toTimestamp?: number;
  /** 1 to 1000; the vendor's default is 100. */
  limit?: number;
  cursor?: MessageCursor;
};

type Paging = { page: number; perPage: number };

export type ModerationCalls = {
  listMessages(scope: MessageScope, filters?: MessageFilters): Promise<ChatApiResult<MessagesPage>>;
  /**
   * The same list read for a search: each message reduced to what a search keeps, checked before it
   * is bounded (./transport.ts, `narrowed`), so that a page of the vendor's 1,000 messages is read.
   */
  scanMessages(scope: MessageScope, filters: MessageFilters): Promise<ChatApiResult<ScannedMessagesPage>>;
  getMessage(id: string, onBehalfOf?: string): Promise<ChatApiResult<ModerationMessage>>;
  /** Soft by default: the message stays, marked deleted; `permanent` removes it. */
  deleteMessage(
    id: string,
    options: { permanent: boolean; onBehalfOf?: string },
  ): Promise<ChatApiResult<ModerationMessage>>;
  /** The messages waiting for review, most recently flagged first (the vendor offers no filters). */
  listFlaggedMessages(paging: { limit: number; page: number }): Promise<ChatApiResult<FlaggedMessagesPage>>;
  reviewFlaggedMessage(id: string, status: "approved" | "disapproved"): Promise<ChatApiResult<Record<string, unknown>>>;
  listReportReasons(): Promise<ChatApiResult<ReportReason[]>>;
  deactivateUsers(uids: string[]): Promise<ChatApiResult<{ deactivatedUids: string[] }>>;
  /** The vendor names the reactivated UIDs `nonDeactivatedUids`. */
  reactivateUsers(uids: string[]): Promise<ChatApiResult<{ nonDeactivatedUids: string[] }>>;
  getGroup(guid: string, onBehalfOf?: string): Promise<ChatApiResult<ChatGroup>>;
  listGroupMembers(guid: string, paging: Paging & { scopes?: string[] }): Promise<ChatApiResult<GroupMembersPage>>;
  listBannedUsers(guid: string, paging: Paging): Promise<ChatApiResult<UsersPage>>;
  kickGroupMember(guid: string, uid: string, onBehalfOf?: string): Promise<ChatApiResult<MemberActionResult>>;
  banGroupMember(guid: string, uid: string, onBehalfOf?: string): Promise<ChatApiResult<MemberActionResult>>;
  unbanGroupMember(guid: string, uid: string, onBehalfOf?: string): Promise<ChatApiResult<MemberActionResult>>;
};

const segment = encodeURIComponent;

/** A query string of the defined values; true and false as the vendor's `true` / `false`. */
export function queryOf(params: Record<string, string | number | boolean | undefined>): string {
  return new URLSearchParams(
    Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  ).toString();
}

function messagesPath(scope: MessageScope): string {
  if (scope.kind === "user") return `/users/${segment(scope.uid)}/messages`;
  if (scope.kind === "group") return `/groups/${segment(scope.guid)}/messages`;
  return "/messages";
}

function messageQuery({ cursor, ...filters }: MessageFilters): string {
  return queryOf({
    ...filters,
    ...(cursor ? { affix: cursor.affix, sentAt: cursor.sentAt, id: cursor.id } : {}),
  });
}

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);
const memberPath = (guid: string, uid: string) => `/groups/${segment(guid)}/members/${segment(uid)}`;
const bannedPath = (guid: string, uid: string) => `/groups/${segment(guid)}/bannedusers/${segment(uid)}`;

/** The calls of the moderation surface, sent through the client's one transport. */
export function moderationCalls(send: Send): ModerationCalls {
  return {
    listMessages: (scope, filters = {}) =>
      send(
        { method: "GET", path: withQuery(messagesPath(scope), messageQuery(filters)), onBehalfOf: scope.onBehalfOf },
        schemas.messagesPage,
      ),
    scanMessages: (scope, filters) =>
      send(
        { method: "GET", path: withQuery(messagesPath(scope), messageQuery(filters)), onBehalfOf: scope.onBehalfOf },
        schemas.scannedMessagesPage,
        "narrowed",
      ),
    getMessage: (id, onBehalfOf) =>
      send({ method: "GET", path: `/messages/${segment(id)}`, onBehalfOf }, schemas.message),
    deleteMessage: (id, { permanent, onBehalfOf }) =>
      send({ method: "DELETE", path: `/messages/${segment(id)}`, onBehalfOf, body: { permanent } }, schemas.message),
    listFlaggedMessages: ({ limit, page }) =>
      send(
        { method: "GET", path: withQuery("/moderation/flagged-messages", queryOf({ limit, page })) },
        schemas.flaggedMessagesPage,
      ),
    reviewFlaggedMessage: (id, status) =>
      send({ method: "PATCH", path: `/moderation/flagged-messages/${segment(id)}`, body: { status } }, schemas.review),
    listReportReasons: () => send({ method: "GET", path: "/moderation/reasons" }, schemas.reasons),
    deactivateUsers: (uids) =>
      send({ method: "DELETE", path: "/users", body: { uidsToDeactivate: uids } }, schemas.deactivated),
    reactivateUsers: (uids) =>
      send({ method: "PUT", path: "/users", body: { uidsToActivate: uids } }, schemas.reactivated),
    getGroup: (guid, onBehalfOf) =>
      send({ method: "GET", path: `/groups/${segment(guid)}`, onBehalfOf }, schemas.group),
    listGroupMembers: (guid, { page, perPage, scopes }) =>
      send(
        {
          method: "GET",
          path: withQuery(`/groups/${segment(guid)}/members`, queryOf({ perPage, page, scopes: scopes?.join(",") })),
        },
        schemas.groupMembersPage,
      ),
    listBannedUsers: (guid, { page, perPage }) =>
      send(
        { method: "GET", path: withQuery(`/groups/${segment(guid)}/bannedusers`, queryOf({ perPage, page })) },
        schemas.bannedUsersPage,
      ),
    kickGroupMember: (guid, uid, onBehalfOf) =>
      send({ method: "DELETE", path: memberPath(guid, uid), onBehalfOf }, schemas.memberAction),
    banGroupMember: (guid, uid, onBehalfOf) =>
      send({ method: "POST", path: bannedPath(guid, uid), onBehalfOf }, schemas.memberAction),
    unbanGroupMember: (guid, uid, onBehalfOf) =>
      send({ method: "DELETE", path: bannedPath(guid, uid), onBehalfOf }, schemas.memberAction),
  };
}
