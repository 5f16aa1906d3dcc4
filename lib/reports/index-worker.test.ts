import { describe, expect, it } from "vitest";
import { INDEX_SHARE_OF_JOBS, restAfterMs } from "./index-worker";

describe("the index's pace", () => {
  it("reads every ten seconds while that keeps within its share of the jobs' budget", () => {
    // 5,000 calls a minute for jobs (the embedded default): a read of 10 calls could run every 0.6 s.
    expect(restAfterMs(10, 5000)).toBe(10_000);
  });

  it("waits longer when its reads would take more than its share", () => {
    // CometChat's free plan: 500 a minute, 250 for jobs, 50 for the index: 100 calls a read → one read every 2 min.
    expect(restAfterMs(100, 250)).toBe(120_000);
    expect(100 / (restAfterMs(100, 250) / 60_000) / 250).toBeLessThanOrEqual(INDEX_SHARE_OF_JOBS);
  });
});
