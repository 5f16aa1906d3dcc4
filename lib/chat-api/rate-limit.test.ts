import { describe, expect, it } from "vitest";
import { readRateLimit } from "./rate-limit";

describe("readRateLimit", () => {
  it("reads X-RateLimit-Limit and X-RateLimit-Remaining", () => {
    const headers = new Headers({ "X-RateLimit-Limit": "10000", "X-RateLimit-Remaining": "9876" });
    expect(readRateLimit(headers)).toEqual({ limit: 10_000, remaining: 9876 });
  });

  it("reads the older X-Rate-Limit-* names", () => {
    const headers = new Headers({ "X-Rate-Limit-Limit": "500", "X-Rate-Limit-Remaining": "12" });
    expect(readRateLimit(headers)).toEqual({ limit: 500, remaining: 12 });
  });

  it("takes a limit without a remaining count", () => {
    expect(readRateLimit(new Headers({ "X-RateLimit-Limit": "1200" }))).toEqual({ limit: 1200, remaining: undefined });
  });

  it("ignores an answer with no readable limit", () => {
    expect(readRateLimit(new Headers())).toBeUndefined();
    expect(readRateLimit(new Headers({ "X-RateLimit-Limit": "lots", "X-RateLimit-Remaining": "5" }))).toBeUndefined();
    expect(readRateLimit(new Headers({ "X-RateLimit-Limit": "0" }))).toBeUndefined();
  });
});
