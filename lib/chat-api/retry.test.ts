import { describe, expect, it } from "vitest";
import { backoffDelayMs, parseRetryAfterSeconds } from "./retry";

describe("parseRetryAfterSeconds", () => {
  const now = Date.parse("2025-03-01T12:00:00Z");

  it("reads delta-seconds", () => {
    expect(parseRetryAfterSeconds("7", now)).toBe(7);
    expect(parseRetryAfterSeconds(" 0 ", now)).toBe(0);
  });

  it("reads an HTTP-date as the seconds until it, rounded up, never below zero", () => {
    expect(parseRetryAfterSeconds("Sat, 01 Mar 2025 12:00:05 GMT", now)).toBe(5);
    expect(parseRetryAfterSeconds(new Date(now + 2500).toUTCString(), now - 500)).toBe(3);
    expect(parseRetryAfterSeconds("Sat, 01 Mar 2025 11:59:00 GMT", now)).toBe(0);
  });

  it("gives undefined for a missing or unreadable header", () => {
    expect(parseRetryAfterSeconds(null, now)).toBeUndefined();
    expect(parseRetryAfterSeconds("soon", now)).toBeUndefined();
    expect(parseRetryAfterSeconds("-3", now)).toBeUndefined();
  });
});

describe("backoffDelayMs", () => {
  it("doubles the ceiling from 250 ms and draws below it (full jitter)", () => {
    expect(backoffDelayMs(1, 10_000, () => 0.999)).toBe(249);
    expect(backoffDelayMs(2, 10_000, () => 0.999)).toBe(499);
    expect(backoffDelayMs(3, 10_000, () => 0.5)).toBe(500);
    expect(backoffDelayMs(1, 10_000, () => 0)).toBe(0);
  });

  it("never exceeds the cap", () => {
    expect(backoffDelayMs(20, 10_000, () => 0.999)).toBe(9990);
  });
});
