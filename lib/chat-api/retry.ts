/** How long to wait before another attempt, after a 429 or a 503 of the chat API. */

const BACKOFF_BASE_MS = 250;

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

/**
 * Exponential backoff with full jitter (250 ms, 500 ms, … as the ceiling of retry 1, 2, …), so
 * that consoles failing together do not come back together.
 */
export function backoffDelayMs(retry: number, capMs: number, random = Math.random): number {
  const ceiling = Math.min(capMs, BACKOFF_BASE_MS * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}
