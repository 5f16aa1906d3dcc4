/**
 * The rate budget the chat service announces on its answers. CometChat sends `X-RateLimit-Limit`
 * and `X-RateLimit-Remaining`; older deployments and some proxies name them `X-Rate-Limit-*`.
 */
export type RateLimitInfo = {
  /** Requests a minute the service allows the whole application. */
  limit: number;
  /** Requests left in the service's current window, when it says. */
  remaining: number | undefined;
};

/** An announcement as this process keeps it: with when it came (ms since the epoch). */
export type AnnouncedRateLimit = RateLimitInfo & { at: number };

const count = (value: string | null): number | undefined => {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
};

/** The announced budget, or undefined when the answer names no readable limit. */
export function readRateLimit(headers: Headers): RateLimitInfo | undefined {
  const limit = count(headers.get("x-ratelimit-limit")) ?? count(headers.get("x-rate-limit-limit"));
  if (limit === undefined || limit === 0) return undefined;
  const remaining = count(headers.get("x-ratelimit-remaining")) ?? count(headers.get("x-rate-limit-remaining"));
  return { limit, remaining };
}
