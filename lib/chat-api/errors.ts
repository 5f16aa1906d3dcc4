import { userMessageFor } from "./user-message";

export type ChatApiErrorKind =
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "bad_request"
  | "rate_limited"
  | "timeout"
  | "unavailable"
  | "server_error"
  | "malformed_response"
  | "redirected"
  | "network";

export type ChatApiErrorInit = {
  kind: ChatApiErrorKind;
  /** Method and path, such as `GET /users/cometchat-uid-1`: never the key, which is a header. */
  request: string;
  attempts: number;
  durationMs: number;
  status?: number;
  code?: string;
  serviceMessage?: string;
  details?: Record<string, string[]>;
  retryAfterSeconds?: number;
  timeoutMs?: number;
  /**
   * A call that changes something was sent and its answer never came (a time-out, a connection
   * lost after sending): it may have taken effect.
   */
  outcomeUnknown?: boolean;
  /** ISO time: when a call whose answer never came is settled from the service's state (lib/settlements). */
  settlesAt?: string;
  cause?: unknown;
};

/** The kind of a failed answer, by its status alone, so that any error body still gets one. */
export function kindOfStatus(status: number): ChatApiErrorKind {
  if (status >= 300 && status < 400) return "redirected";
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  if (status === 503) return "unavailable";
  if (status >= 400 && status < 500) return "bad_request";
  return "server_error";
}

/**
 * A call to the chat API that failed. `message` is for the server log; `userMessage` is the
 * sentence a moderator reads: what happened and what to do.
 */
/** Marks a ChatApiError made by any copy of this module (see `Symbol.hasInstance` below). */
const CHAT_API_ERROR = Symbol.for("moderator-console.ChatApiError");

export class ChatApiError extends Error {
  /**
   * Next's server bundles may each hold a copy of this module (the start-up's and a page's or action's),
   * and code of one copy may see errors thrown by another's client (a job kind registered at start-up,
   * run with a client of the action that woke the runner): `instanceof` goes by the mark, not the copy.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && CHAT_API_ERROR in value;
  }

  readonly [CHAT_API_ERROR] = true;
  readonly kind: ChatApiErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly serviceMessage?: string;
  readonly details?: Record<string, string[]>;
  readonly retryAfterSeconds?: number;
  readonly attempts: number;
  readonly durationMs: number;
  readonly outcomeUnknown: boolean;
  readonly userMessage: string;
  readonly settlesAt?: string;
  private readonly init: ChatApiErrorInit;

  constructor(init: ChatApiErrorInit) {
    const answer = init.status === undefined ? "" : ` (HTTP ${init.status}${init.code ? `, ${init.code}` : ""})`;
    const attempts = `${init.attempts} attempt${init.attempts === 1 ? "" : "s"}`;
    super(`Chat API ${init.request} failed: ${init.kind}${answer} after ${attempts}`, { cause: init.cause });
    this.name = "ChatApiError";
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.serviceMessage = init.serviceMessage;
    this.details = init.details;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.attempts = init.attempts;
    this.durationMs = init.durationMs;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.settlesAt = init.settlesAt;
    this.userMessage = userMessageFor(init);
    this.init = init;
  }

  /** The same lost answer, whose outcome is settled at `at`: its message says when. */
  settledAt(at: Date): ChatApiError {
    return new ChatApiError({ ...this.init, settlesAt: at.toISOString() });
  }
}
