import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter";

describe("RateLimiter", () => {
  const minute = 60_000;
  const start = 10 * minute;

  it("counts down within a minute and refuses past the limit, with the seconds left in the window", () => {
    const limiter = new RateLimiter();
    expect(limiter.take("k", 2, start)).toEqual({ allowed: true, limit: 2, remaining: 1, retryAfterSeconds: 60 });
    expect(limiter.take("k", 2, start + 1000).remaining).toBe(0);
    expect(limiter.take("k", 2, start + 15_500)).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      retryAfterSeconds: 45,
    });
  });

  it("starts afresh in the next minute and keeps keys apart", () => {
    const limiter = new RateLimiter();
    limiter.take("a", 1, start);
    expect(limiter.take("a", 1, start + 10).allowed).toBe(false);
    expect(limiter.take("b", 1, start + 10).allowed).toBe(true);
    expect(limiter.take("a", 1, start + minute).allowed).toBe(true);
  });

  it("peeks without counting", () => {
    const limiter = new RateLimiter();
    expect(limiter.peek("k", 5, start)).toBe(5);
    limiter.take("k", 5, start);
    expect(limiter.peek("k", 5, start)).toBe(4);
    expect(limiter.peek("k", 5, start)).toBe(4);
  });
});
