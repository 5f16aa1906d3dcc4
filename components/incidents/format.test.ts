import { describe, expect, it } from "vitest";
import { formatClock, formatRate, formatTimeLeft, formatUtc, countOf } from "./format";

describe("format", () => {
  it("writes counts, rates and times as the job page shows them", () => {
    expect(countOf(1234, "user", "users")).toBe("1,234 users");
    expect(countOf(1, "user", "users")).toBe("1 user");
    expect(formatRate(12.345)).toBe("12.3 UIDs/s");
    expect(formatTimeLeft(20.2)).toBe("about 21 s left");
    expect(formatTimeLeft(125)).toBe("about 2 min left");
    expect(formatTimeLeft(3900)).toBe("about 1 h 5 min left");
    const at = new Date("2025-03-01T14:05:09.123Z");
    expect(formatUtc(at)).toBe("2025-03-01 14:05:09 UTC");
    expect(formatClock(at)).toBe("14:05:09 UTC");
  });
});
