import { describe, expect, it } from "vitest";
import {
  backoffDelayMs,
  CALL_MAX_ATTEMPTS,
  CALL_MAX_RETRY_WAIT_MS,
  callDeadlineMs,
  chunkBackoffMs,
  chunkLeaseMs,
  parseRetryAfterSeconds,
  retryAfterMs,
} from "./retry";

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

describe("retryAfterMs", () => {
  it("waits what the service asked, and a second when it named no wait", () => {
    expect(retryAfterMs(7)).toBe(7000);
    expect(retryAfterMs(0)).toBe(0);
    expect(retryAfterMs(undefined)).toBe(1000);
  });
});

describe("chunkBackoffMs", () => {
  it("doubles with each failure, between half and all of the step", () => {
    expect(chunkBackoffMs(1, () => 0)).toBe(250);
    expect(chunkBackoffMs(1, () => 1)).toBe(500);
    expect(chunkBackoffMs(2, () => 0)).toBe(500);
    expect(chunkBackoffMs(3, () => 1)).toBe(2000);
  });

  it("stops growing at 30 seconds", () => {
    expect(chunkBackoffMs(20, () => 1)).toBe(30_000);
    expect(chunkBackoffMs(20, () => 0)).toBe(15_000);
  });
});

describe("callDeadlineMs", () => {
  it("outlasts every attempt's time-out and the longest waits between them", () => {
    const timeoutMs = 10_000;
    const longestCall = CALL_MAX_ATTEMPTS * timeoutMs + (CALL_MAX_ATTEMPTS - 1) * CALL_MAX_RETRY_WAIT_MS;
    expect(callDeadlineMs(timeoutMs)).toBeGreaterThan(longestCall);
    expect(callDeadlineMs(timeoutMs)).toBe(60_000);
  });
});

describe("chunkLeaseMs", () => {
  it("lasts twice the job call's time-out and a margin", () => {
    expect(chunkLeaseMs(10_000)).toBe(30_000);
    expect(chunkLeaseMs(1000)).toBe(12_000);
  });
});
