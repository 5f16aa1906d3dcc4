import {
  responseSchemas,
  type BlockResult,
  type BlockedUsersPage,
  type ChatConversation,
  type ChatUser,
  type ConversationsPage,
  type UsersPage,
} from "./schemas";
import { CALL_MAX_ATTEMPTS, CALL_MAX_RETRY_WAIT_MS } from "./retry";
import type { RateLimitInfo } from "./rate-limit";
import { createTransport, type ChatApiResult } from "./transport";
import { moderationCalls, queryOf, type ModerationCalls } from "./moderation-calls";
import { groupCalls, type GroupCalls } from "./group-calls";
import { rulesCalls, type RulesCalls } from "./rules-calls";

export type ChatApiClientOptions = {
  /** Up to and including `/v3`, such as `https://<app_id>.api-us.cometchat.io/v3`. */
  baseUrl: string;
  apiKey: string;
  /** Bound on each attempt; a call that times out is not retried, since a PUT or POST may have taken effect. */
  timeoutMs: number;
  /** Attempts in all, on 429 and 503. */
  maxAttempts?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** A 429 asking for a longer wait than this fails at once instead of holding the moderator up. */
  maxRetryWaitMs?: number;
  onRateLimit?: (info: RateLimitInfo) => void;
};

/** The other side of a conversation: a user (by UID) or a group (by GUID). */
export type ConversationPeer = { kind: "user" | "group"; id: string };

type UserSearch = {
  searchKey?: string;
  searchIn?: Array<"uid" | "name">;
  page: number;
  perPage: number;
  /** Deactivated accounts only, or with the others; by default the vendor leaves them out. */
  onlyDeactivated?: boolean;
  withDeactivated?: boolean;
};

type ConversationListing = { conversationType?: "user" | "group"; page: number; perPage: number };

export type ChatApiClient = ModerationCalls &
  GroupCalls &
  RulesCalls & {
    getUser(uid: string): Promise<ChatApiResult<ChatUser>>;
    /** Users whose UID or name starts with `searchKey` (the service's "list users"). */
    listUsers(search: UserSearch): Promise<ChatApiResult<UsersPage>>;
    /** The conversations of `onBehalfOf`, newest first, each as that user's copy (their tags, their unread count). */
    listConversations(onBehalfOf: string, listing: ConversationListing): Promise<ChatApiResult<ConversationsPage>>;
    /** `onBehalfOf`'s copy of their conversation with `peer`. */
    getConversation(peer: ConversationPeer, onBehalfOf: string): Promise<ChatApiResult<ChatConversation[]>>;
    /** Replaces the tags of `onBehalfOf`'s copy of their conversation with `peer`. */
    updateConversationTags(
      peer: ConversationPeer,
      onBehalfOf: string,
      tags: string[],
    ): Promise<ChatApiResult<ChatConversation[]>>;
    blockUsers(blockerUid: string, uids: string[]): Promise<ChatApiResult<BlockResult>>;
    unblockUsers(blockerUid: string, uids: string[]): Promise<ChatApiResult<BlockResult>>;
    listBlockedUsers(uid: string, page: { page: number; perPage: number }): Promise<ChatApiResult<BlockedUsersPage>>;
  };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const userPath = (uid: string) => `/users/${encodeURIComponent(uid)}`;
const conversationPath = (peer: ConversationPeer) =>
  `/${peer.kind === "group" ? "groups" : "users"}/${encodeURIComponent(peer.id)}/conversation`;
const query = queryOf;

/** The typed client of the chat API v3: every call the console makes to it goes through here. */
export function createChatApiClient(options: ChatApiClientOptions): ChatApiClient {
  const send = createTransport({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
    maxAttempts: options.maxAttempts ?? CALL_MAX_ATTEMPTS,
    fetch: options.fetch ?? fetch,
    sleep: options.sleep ?? wait,
    maxRetryWaitMs: options.maxRetryWaitMs ?? CALL_MAX_RETRY_WAIT_MS,
    onRateLimit: options.onRateLimit,
  });

  return {
    ...moderationCalls(send),
    ...groupCalls(send),
    ...rulesCalls(send),
    getUser: (uid) => send({ method: "GET", path: userPath(uid) }, responseSchemas.user),
    listUsers: ({ searchKey, searchIn, page, perPage, onlyDeactivated, withDeactivated }) =>
      send(
        {
          method: "GET",
          path: `/users?${query({ searchKey: searchKey || undefined, searchIn: searchIn?.join(","), perPage, page, onlyDeactivated, withDeactivated })}`,
        },
        responseSchemas.usersPage,
      ),
    listConversations: (onBehalfOf, { conversationType, page, perPage }) =>
      send(
        { method: "GET", path: `/conversations?${query({ conversationType, perPage, page })}`, onBehalfOf },
        responseSchemas.conversationsPage,
      ),
    getConversation: (peer, onBehalfOf) =>
      send({ method: "GET", path: conversationPath(peer), onBehalfOf }, responseSchemas.conversations),
    updateConversationTags: (peer, onBehalfOf, tags) =>
      send({ method: "PUT", path: conversationPath(peer), onBehalfOf, body: { tags } }, responseSchemas.conversations),
    blockUsers: (blockerUid, uids) =>
      send(
        { method: "POST", path: `${userPath(blockerUid)}/blockedusers`, body: { blockedUids: uids } },
        responseSchemas.blockResult,
      ),
    unblockUsers: (blockerUid, uids) =>
      send(
        { method: "DELETE", path: `${userPath(blockerUid)}/blockedusers`, body: { blockedUids: uids } },
        responseSchemas.blockResult,
      ),
    listBlockedUsers: (uid, { page, perPage }) =>
      send(
        {
          method: "GET",
          path: `${userPath(uid)}/blockedusers?${query({ perPage, page })}`,
        },
        responseSchemas.blockedUsersPage,
      ),
  };
}
