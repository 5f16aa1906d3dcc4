import { describe, expect, it } from "vitest";
import { countOf, formatRate, formatTimeLeft } from "./numbers";

describe("number formats", () => {
  it("writes counts, rates and times left as the job page shows them", () => {
    expect(countOf(1234, "user", "users")).toBe("1,234 users");
    expect(countOf(1, "user", "users")).toBe("1 user");
    expect(formatRate(12.345)).toBe("12.3 UIDs/s");
    expect(formatTimeLeft(20.2)).toBe("about 21 s left");
    expect(formatTimeLeft(125)).toBe("about 2 min left");
    expect(formatTimeLeft(3900)).toBe("about 1 h 5 min left");
  });
});
