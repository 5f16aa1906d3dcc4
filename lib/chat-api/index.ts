import "server-only";
import { getEnv } from "@/lib/env";
import { createChatApiClient, type ChatApiClient } from "./client";
import type { AnnouncedRateLimit } from "./rate-limit";
import { probeChatService, type ProbeResult } from "./probe";
import { JOB_CALL_MAX_ATTEMPTS } from "./retry";

export type { ChatApiClient, ConversationPeer } from "./client";
export { ChatApiError } from "./errors";
export type { ChatConversation, ChatUser, Pagination } from "./schemas";

const rateHolder = globalThis as typeof globalThis & { __chatRateLimit?: AnnouncedRateLimit };

/**
 * The budget the service announced on the latest answer to this process (operators' calls and
 * jobs' alike: both spend the application's one budget), or undefined before any answer named one.
 */
export const latestRateLimit = () => rateHolder.__chatRateLimit;

const clients = new Map<"operators" | "jobs", ChatApiClient>();

/** One client of each kind a process, configured from the environment: the one reader of the key. */
function configured(kind: "operators" | "jobs"): ChatApiClient {
  let client = clients.get(kind);
  if (!client) {
    const env = getEnv();
    client = createChatApiClient({
      baseUrl: env.chatApi.baseUrl,
      apiKey: env.chatApiKey,
      timeoutMs: env.chatApiTimeoutMs,
      onRateLimit: (info) => {
        rateHolder.__chatRateLimit = { ...info, at: Date.now() };
      },
      ...(kind === "jobs" ? { maxAttempts: JOB_CALL_MAX_ATTEMPTS } : {}),
    });
    clients.set(kind, client);
  }
  return client;
}

/** The console's client of the chat API, for what operators do: retries a 429 or 503 itself. */
export const chatApi = () => configured("operators");

/**
 * The client incident jobs use: one attempt a call, since a job retries each chunk itself, with
 * backoff shared by all its chunks, and splits a chunk that keeps failing.
 */
export const chatApiForJobs = () => configured("jobs");

/** The chat service's reachability and latency, for the readiness check: a keyless request (see probe.ts). */
export const probeChatApi = (timeoutMs: number): Promise<ProbeResult> =>
  probeChatService({ baseUrl: getEnv().chatApi.baseUrl, timeoutMs });
