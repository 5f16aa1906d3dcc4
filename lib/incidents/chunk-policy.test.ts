import { describe, expect, it } from "vitest";
import { nextChunkStep, type ChunkAttempt } from "./chunk-policy";

const attempt = (changes: Partial<ChunkAttempt> = {}): ChunkAttempt => ({
  failures: 0,
  sent: 10,
  uncertain: false,
  ...changes,
});
const lowest = () => 0;
const highest = () => 1;

describe("nextChunkStep", () => {
  it("retries a 5xx after a backoff that grows with the failures, and counts it", () => {
    expect(nextChunkStep({ kind: "server_error" }, attempt(), lowest)).toEqual({
      step: "retry",
      afterMs: 250,
      failures: 1,
      uncertain: false,
    });
    expect(nextChunkStep({ kind: "unavailable" }, attempt({ failures: 1 }), highest)).toEqual({
      step: "retry",
      afterMs: 1000,
      failures: 2,
      uncertain: false,
    });
  });

  it("marks the chunk uncertain after a failure that may have reached the service", () => {
    for (const kind of ["timeout", "network", "malformed_response", "console"] as const)
      expect(nextChunkStep({ kind }, attempt(), lowest)).toMatchObject({ step: "retry", uncertain: true });
  });

  it("keeps an uncertain chunk uncertain, whatever the new failure", () => {
    expect(nextChunkStep({ kind: "server_error" }, attempt({ uncertain: true }), lowest)).toMatchObject({
      step: "retry",
      uncertain: true,
    });
  });

  it("splits a chunk of several UIDs at its third failure, not before", () => {
    expect(nextChunkStep({ kind: "server_error" }, attempt({ failures: 1 }))).toMatchObject({ step: "retry" });
    expect(nextChunkStep({ kind: "server_error" }, attempt({ failures: 2 }))).toEqual({
      step: "split",
      uncertain: false,
    });
    expect(nextChunkStep({ kind: "timeout" }, attempt({ failures: 2, sent: 2 }))).toEqual({
      step: "split",
      uncertain: true,
    });
  });

  it("retries a single UID past the third failure and gives it up at the fifth", () => {
    const single = (failures: number) => attempt({ failures, sent: 1 });
    expect(nextChunkStep({ kind: "server_error" }, single(2))).toMatchObject({ step: "retry", failures: 3 });
    expect(nextChunkStep({ kind: "server_error" }, single(3))).toMatchObject({ step: "retry", failures: 4 });
    expect(nextChunkStep({ kind: "server_error" }, single(4))).toEqual({ step: "give_up" });
  });

  it("gives up at once on a single UID the service rejects, but splits a larger chunk it rejects", () => {
    expect(nextChunkStep({ kind: "bad_request" }, attempt({ sent: 1 }))).toEqual({ step: "give_up" });
    expect(nextChunkStep({ kind: "bad_request" }, attempt({ sent: 4 }))).toMatchObject({ step: "retry" });
    expect(nextChunkStep({ kind: "bad_request" }, attempt({ sent: 4, failures: 2 }))).toMatchObject({ step: "split" });
  });

  it("waits for the log without counting a failure: nothing was sent", () => {
    expect(nextChunkStep({ kind: "log_unavailable" }, attempt({ failures: 2 }), lowest)).toEqual({
      step: "await_log",
      afterMs: 1000,
    });
    expect(nextChunkStep({ kind: "log_unavailable" }, attempt({ failures: 4, sent: 1 }), lowest)).toEqual({
      step: "await_log",
      afterMs: 4000,
    });
  });

  it("holds the job for the Retry-After of a 429, a second when it has none, and counts no failure", () => {
    expect(
      nextChunkStep({ kind: "rate_limited", retryAfterSeconds: 7 }, attempt({ failures: 4, sent: 1, uncertain: true })),
    ).toEqual({ step: "hold", forMs: 7000, uncertain: true });
    expect(nextChunkStep({ kind: "rate_limited" }, attempt())).toEqual({ step: "hold", forMs: 1000, uncertain: false });
  });

  it("pauses the job when the key is refused, keeping what is known of the chunk", () => {
    expect(nextChunkStep({ kind: "unauthorized" }, attempt({ uncertain: true }))).toEqual({
      step: "pause",
      uncertain: true,
    });
    expect(nextChunkStep({ kind: "forbidden" }, attempt({ failures: 4 }))).toEqual({ step: "pause", uncertain: false });
  });

  it("fails the job when the blocker (or the group a ban is in) does not exist, and only then", () => {
    expect(nextChunkStep({ kind: "not_found", code: "ERR_UID_NOT_FOUND" }, attempt())).toEqual({ step: "fail_job" });
    expect(nextChunkStep({ kind: "not_found", code: "ERR_GUID_NOT_FOUND" }, attempt())).toEqual({ step: "fail_job" });
    expect(nextChunkStep({ kind: "not_found", code: "ERR_SOMETHING_ELSE" }, attempt(), lowest)).toMatchObject({
      step: "retry",
      failures: 1,
    });
    expect(nextChunkStep({ kind: "not_found" }, attempt({ failures: 4, sent: 1 }))).toEqual({ step: "give_up" });
  });
});
