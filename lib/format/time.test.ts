import { describe, expect, it } from "vitest";
import { dateFromUnixSeconds, formatClock, formatLocal, formatUtc, toDate } from "./time";

describe("time formats", () => {
  const at = new Date("2025-03-01T14:05:09.123Z");

  it("writes UTC to the second or the millisecond", () => {
    expect(formatUtc(at)).toBe("2025-03-01 14:05:09 UTC");
    expect(formatUtc(at, "milliseconds")).toBe("2025-03-01 14:05:09.123 UTC");
    expect(formatClock(at)).toBe("14:05:09 UTC");
  });

  it("writes the same instant in the operator's time zone, with the zone named", () => {
    expect(formatLocal(at, "seconds", "Europe/Berlin")).toBe("2025-03-01 15:05:09 CET");
    expect(formatLocal(at, "milliseconds", "America/New_York")).toBe("2025-03-01 09:05:09.123 GMT-5");
    expect(formatLocal(at, "seconds", "UTC")).toBe("2025-03-01 14:05:09 UTC");
  });

  it("gives no date for values that are none", () => {
    expect(dateFromUnixSeconds(1e15)).toBeNull();
    expect(dateFromUnixSeconds("1700000000")).toBeNull();
    expect(dateFromUnixSeconds(Number.NaN)).toBeNull();
    expect(dateFromUnixSeconds(1_700_000_000)?.toISOString()).toBe("2023-11-14T22:13:20.000Z");
    expect(toDate("not a date")).toBeNull();
    expect(toDate(null)).toBeNull();
  });
});
