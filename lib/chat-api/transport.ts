import type { z } from "zod";
import { boundJson } from "@/lib/security/bounded-json";
import { log } from "@/lib/log";
import { ChatApiError, kindOfStatus } from "./errors";
import { readRateLimit, type RateLimitInfo } from "./rate-limit";
import { backoffDelayMs, parseRetryAfterSeconds, retryAfterMs } from "./retry";
import { vendorErrorSchema } from "./schemas";

export type ChatApiResult<T> = {
  data: T;
  /** The parsed JSON body as the service sent it, before any normalisation. */
  raw: unknown;
  status: number;
  attempts: number;
  durationMs: number;
};

export type TransportOptions = {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  maxAttempts: number;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  maxRetryWaitMs: number;
  /** Told the rate budget every answer announces, so that incident jobs can pace themselves. */
  onRateLimit?: (info: RateLimitInfo) => void;
};

export type ChatApiRequest = {
  method: "GET" | "PUT" | "POST" | "PATCH" | "DELETE";
  /** Path after the base URL, with its segments already encoded. */
  path: string;
  onBehalfOf?: string;
  /** JSON, or a form the vendor takes as `multipart/form-data` (keyword lists); fetch sets its boundary. */
  body?: unknown;
};

type Answer = { status: number; headers: Headers; text: string };

const LOGGED_BODY_LIMIT = 2048;

/** Errors of connecting: the request never left, so it cannot have taken effect. */
const NOT_SENT = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function neverSent(cause: unknown): boolean {
  for (let error = cause, depth = 0; error && depth < 5; depth += 1) {
    if (NOT_SENT.has(String((error as { code?: unknown }).code))) return true;
    error = (error as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * One call to the chat API: each attempt bounded by the time-out, 429 and 503 retried, every
 * failure turned into a ChatApiError and every success parsed with `schema`.
 */
export function createTransport(options: TransportOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  // The service may echo what it was sent; the key must not reach a log or a moderator from there.
  const redact = (text: string) => (options.apiKey ? text.split(options.apiKey).join("<hidden>") : text);
  /** Every answer is bounded and rid of the key before anything reads it: pages, actions and the log. */
  const bound = (value: unknown, onOverflow?: () => void) =>
    boundJson(value, { secrets: [options.apiKey], onOverflow });

  async function exchange(
    request: ChatApiRequest,
    label: string,
    attempt: number,
    elapsed: () => number,
  ): Promise<Answer> {
    const headers: Record<string, string> = { apikey: options.apiKey, Accept: "application/json" };
    if (request.onBehalfOf !== undefined) headers.onBehalfOf = request.onBehalfOf;
    const form = request.body instanceof FormData;
    if (request.body !== undefined && !form) headers["Content-Type"] = "application/json";
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await options.fetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : form ? (request.body as FormData) : JSON.stringify(request.body),
        signal,
        // A redirect would carry the apikey header to wherever it points: the key goes to the base URL only.
        redirect: "manual",
      });
      const rateLimit = readRateLimit(response.headers);
      if (rateLimit) options.onRateLimit?.(rateLimit);
      return { status: response.status, headers: response.headers, text: await response.text() };
    } catch (cause) {
      const kind = signal.aborted ? "timeout" : "network";
      throw new ChatApiError({
        kind,
        outcomeUnknown: request.method !== "GET" && (kind === "timeout" || !neverSent(cause)),
        request: label,
        attempts: attempt,
        durationMs: elapsed(),
        timeoutMs: options.timeoutMs,
        cause,
      });
    }
  }

  /** The wait before another attempt, or undefined when this answer is final. */
  function retryWaitMs(answer: Answer, attempt: number): number | undefined {
    if (attempt >= options.maxAttempts) return undefined;
    if (answer.status === 503) return backoffDelayMs(attempt, options.maxRetryWaitMs);
    if (answer.status !== 429) return undefined;
    const waitMs = retryAfterMs(parseRetryAfterSeconds(answer.headers.get("retry-after")));
    return waitMs > options.maxRetryWaitMs ? undefined : waitMs;
  }

  function failure(answer: Answer, label: string, attempts: number, durationMs: number): ChatApiError {
    let body: unknown;
    try {
      body = bound(JSON.parse(answer.text));
    } catch {
      body = undefined;
    }
    const vendor = vendorErrorSchema.safeParse(body);
    const error = vendor.success ? vendor.data.error : undefined;
    return new ChatApiError({
      kind: kindOfStatus(answer.status),
      request: label,
      attempts,
      durationMs,
      status: answer.status,
      code: error?.code,
      serviceMessage: error?.message === undefined ? undefined : redact(error.message),
      details:
        error?.details &&
        Object.fromEntries(Object.entries(error.details).map(([field, messages]) => [field, messages.map(redact)])),
      retryAfterSeconds: answer.status === 429 ? parseRetryAfterSeconds(answer.headers.get("retry-after")) : undefined,
    });
  }

  function malformed(
    answer: Answer,
    label: string,
    reason: string,
    attempts: number,
    durationMs: number,
  ): ChatApiError {
    const text = redact(answer.text);
    const shown =
      text.length > LOGGED_BODY_LIMIT
        ? `${text.slice(0, LOGGED_BODY_LIMIT)}… (${text.length} characters in all)`
        : text;
    log().error(
      { component: "chat-api", request: label, status: answer.status, reason: redact(reason), body: shown },
      "the chat service sent an answer the console could not read",
    );
    return new ChatApiError({
      kind: "malformed_response",
      request: label,
      attempts,
      durationMs,
      status: answer.status,
    });
  }

  /**
   * A successful answer is bounded whole, then checked with `schema`. `narrowed`: for answers larger
   * than the bound whose schema keeps a small part (a page of 1,000 messages a search scans, some
   * 40,000 values of which it keeps 11,000), the schema reads the answer first (only the fields it
   * names, so a hostile answer costs no more than those) and what it keeps is bounded, the answer
   * refused when that is over the bound; `raw` is then what it keeps.
   */
  return async function send<T>(
    request: ChatApiRequest,
    schema: z.ZodType<T>,
    reading: "whole" | "narrowed" = "whole",
  ): Promise<ChatApiResult<T>> {
    const label = `${request.method} ${request.path}`;
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    for (let attempt = 1; ; attempt += 1) {
      const answer = await exchange(request, label, attempt, elapsed);
      if (answer.status >= 200 && answer.status < 300) {
        let json: unknown;
        try {
          json = JSON.parse(answer.text);
        } catch {
          throw malformed(answer, label, "not JSON", attempt, elapsed());
        }
        const narrowed = reading === "narrowed";
        if (!narrowed) json = bound(json);
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          const issues = parsed.error.issues
            .slice(0, 3)
            .map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`);
          throw malformed(answer, label, issues.join("; "), attempt, elapsed());
        }
        if (!narrowed)
          return { data: parsed.data, raw: json, status: answer.status, attempts: attempt, durationMs: elapsed() };
        let over = false;
        const kept = bound(parsed.data, () => (over = true)) as T;
        if (over)
          throw malformed(answer, label, "more values than the console reads of one answer", attempt, elapsed());
        return { data: kept, raw: kept, status: answer.status, attempts: attempt, durationMs: elapsed() };
      }
      const waitMs = retryWaitMs(answer, attempt);
      if (waitMs === undefined) throw failure(answer, label, attempt, elapsed());
      await options.sleep(waitMs);
    }
  };
}
