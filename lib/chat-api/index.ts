import "server-only";
import { getEnv } from "@/lib/env";
import { createChatApiClient, type ChatApiClient } from "./client";

export type { ChatApiClient, ChatApiResult } from "./client";
export { ChatApiError, type ChatApiErrorKind } from "./errors";
export type {
  BlockResult,
  BlockedUser,
  BlockedUsersPage,
  ChatConversation,
  ChatEntity,
  ChatGroup,
  ChatMessage,
  ChatUser,
} from "./schemas";

let client: ChatApiClient | undefined;
let jobClient: ChatApiClient | undefined;

/** The console's client of the chat API, configured from the environment: the one reader of the key. */
export function chatApi(): ChatApiClient {
  if (!client) {
    const env = getEnv();
    client = createChatApiClient({
      baseUrl: env.chatApi.baseUrl,
      apiKey: env.chatApiKey,
      timeoutMs: env.chatApiTimeoutMs,
    });
  }
  return client;
}

/**
 * The client incident jobs use: one attempt a call, since a job retries each chunk itself, with
 * backoff shared by all its chunks, and splits a chunk that keeps failing.
 */
export function chatApiForJobs(): ChatApiClient {
  if (!jobClient) {
    const env = getEnv();
    jobClient = createChatApiClient({
      baseUrl: env.chatApi.baseUrl,
      apiKey: env.chatApiKey,
      timeoutMs: env.chatApiTimeoutMs,
      maxAttempts: 1,
    });
  }
  return jobClient;
}
