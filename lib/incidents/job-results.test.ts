import { describe, expect, it } from "vitest";
import { orderedCounts } from "./job-results";

describe("a job's outcome counts", () => {
  it("come in a fixed order, outcomes the console does not know last, by name", () => {
    expect(
      orderedCounts([
        { outcome: "strange", count: 1 },
        { outcome: "failed", count: 1 },
        { outcome: "odd", count: 2 },
        { outcome: "already_blocked", count: 1 },
        { outcome: "blocked", count: 150 },
      ]).map((entry) => entry.outcome),
    ).toEqual(["blocked", "already_blocked", "failed", "odd", "strange"]);
  });
});
