export type RateDecision = { allowed: boolean; limit: number; remaining: number; retryAfterSeconds: number };

const WINDOW_MS = 60_000;

/** Fixed one-minute windows per API key, as the real service counts requests a minute. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  take(key: string, limit: number, now = Date.now()): RateDecision {
    const start = now - (now % WINDOW_MS);
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      window = { start, count: 0 };
      this.windows.set(key, window);
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000));
    if (window.count >= limit) return { allowed: false, limit, remaining: 0, retryAfterSeconds };
    window.count += 1;
    return { allowed: true, limit, remaining: limit - window.count, retryAfterSeconds };
  }

  peek(key: string, limit: number, now = Date.now()): number {
    const window = this.windows.get(key);
    if (!window || window.start !== now - (now % WINDOW_MS)) return limit;
    return Math.max(0, limit - window.count);
  }

  reset(): void {
    this.windows.clear();
  }
}
