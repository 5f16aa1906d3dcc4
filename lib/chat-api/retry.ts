/**
 * Every wait and bound on calls to the chat API, kept together because they hold each other up:
 * how often and how long the console's client retries one call, how an incident job retries a
 * chunk (its client makes one attempt), and so how long a logged call can still be running before
 * a "requested" entry with no completion reads as outcome unknown.
 */

/** Attempts in all of one call of the console's client, on 429 and 503. */
export const CALL_MAX_ATTEMPTS = 3;
/** A 429 asking for a longer wait than this fails at once instead of holding the moderator up. */
export const CALL_MAX_RETRY_WAIT_MS = 10_000;
/** A job retries a chunk itself, with backoff shared by all its chunks: its client does not retry. */
export const JOB_CALL_MAX_ATTEMPTS = 1;

const CALL_BACKOFF_BASE_MS = 250;
const CHUNK_BACKOFF_BASE_MS = 500;
const CHUNK_BACKOFF_CAP_MS = 30_000;
/** Slack for clocks, scheduling and the log writes around a call. */
const MARGIN_MS = 10_000;

/**
 * The `Retry-After` header in whole seconds: delta-seconds as the chat API sends it, or an
 * HTTP-date as proxies in front of it may. Undefined when absent or unreadable.
 */
export function parseRetryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // Every HTTP-date form starts with the day's name; Date.parse alone would take "-3" as a year.
  if (!/^[A-Za-z]{3}/.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The wait a 429 asks for; one that names none, or none readable, gets a second. */
export const retryAfterMs = (seconds: number | undefined): number => (seconds ?? 1) * 1000;

/**
 * Exponential backoff with full jitter (250 ms, 500 ms, … as the ceiling of retry 1, 2, …), so
 * that consoles failing together do not come back together.
 */
export function backoffDelayMs(retry: number, capMs: number, random = Math.random): number {
  const ceiling = Math.min(capMs, CALL_BACKOFF_BASE_MS * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * The wait before a chunk that failed is tried again: exponential up to 30 s, half the step plus a
 * random part of the other half, so that a job backs off as a whole but its chunks spread out.
 */
export function chunkBackoffMs(failures: number, random = Math.random): number {
  const step = Math.min(CHUNK_BACKOFF_CAP_MS, CHUNK_BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/**
 * How long a call of the console's client can last at most: every attempt's time-out and the
 * longest waits between them. A "requested" entry older than this with no completion is not
 * still running: nobody knows what the chat service did.
 */
export function callDeadlineMs(timeoutMs: number): number {
  return CALL_MAX_ATTEMPTS * timeoutMs + (CALL_MAX_ATTEMPTS - 1) * CALL_MAX_RETRY_WAIT_MS + MARGIN_MS;
}

/**
 * How long a runner holds a chunk it claimed before another may take it over as uncertain: well
 * past the job call's own bound, so that only a runner that stopped loses its chunk, never one
 * still waiting for the answer.
 */
export function chunkLeaseMs(timeoutMs: number): number {
  return 2 * JOB_CALL_MAX_ATTEMPTS * timeoutMs + MARGIN_MS;
}

/**
 * After a call's answer was lost (its time-out, a cut connection), how long the chat service may
 * still carry it out: one more time-out and the margin. Until then a blocked list that does not show
 * the call's effect proves nothing; after it, it does (lib/blocking/settlement.ts).
 */
export function lateEffectWindowMs(timeoutMs: number): number {
  return timeoutMs + MARGIN_MS;
}
