import {
  responseSchemas,
  type BlockResult,
  type BlockedUsersPage,
  type ChatConversation,
  type ChatUser,
} from "./schemas";
import { createTransport, type ChatApiResult } from "./transport";

export type { ChatApiResult } from "./transport";

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
};

export type ChatApiClient = {
  getUser(uid: string): Promise<ChatApiResult<ChatUser>>;
  /** `uid` is the other party of the conversation; `onBehalfOf` its owner. */
  getUserConversation(uid: string, onBehalfOf: string): Promise<ChatApiResult<ChatConversation[]>>;
  /** Replaces the owner's tags on the conversation. */
  updateUserConversationTags(
    uid: string,
    onBehalfOf: string,
    tags: string[],
  ): Promise<ChatApiResult<ChatConversation[]>>;
  blockUsers(blockerUid: string, uids: string[]): Promise<ChatApiResult<BlockResult>>;
  unblockUsers(blockerUid: string, uids: string[]): Promise<ChatApiResult<BlockResult>>;
  listBlockedUsers(uid: string, page: { page: number; perPage: number }): Promise<ChatApiResult<BlockedUsersPage>>;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const userPath = (uid: string) => `/users/${encodeURIComponent(uid)}`;

/** The typed client of the chat API v3: every call the console makes to it goes through here. */
export function createChatApiClient(options: ChatApiClientOptions): ChatApiClient {
  const send = createTransport({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
    maxAttempts: options.maxAttempts ?? 3,
    fetch: options.fetch ?? fetch,
    sleep: options.sleep ?? wait,
    maxRetryWaitMs: options.maxRetryWaitMs ?? 10_000,
  });

  return {
    getUser: (uid) => send({ method: "GET", path: userPath(uid) }, responseSchemas.user),
    getUserConversation: (uid, onBehalfOf) =>
      send({ method: "GET", path: `${userPath(uid)}/conversation`, onBehalfOf }, responseSchemas.conversations),
    updateUserConversationTags: (uid, onBehalfOf, tags) =>
      send(
        { method: "PUT", path: `${userPath(uid)}/conversation`, onBehalfOf, body: { tags } },
        responseSchemas.conversations,
      ),
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
          path: `${userPath(uid)}/blockedusers?${new URLSearchParams({ perPage: String(perPage), page: String(page) })}`,
        },
        responseSchemas.blockedUsersPage,
      ),
  };
}
