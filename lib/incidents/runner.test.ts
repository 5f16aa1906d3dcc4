import { describe, expect, it } from "vitest";
import { backoffMs } from "./runner";

describe("backoffMs", () => {
  it("doubles with each failure, between half and all of the step", () => {
    expect(backoffMs(1, () => 0)).toBe(250);
    expect(backoffMs(1, () => 1)).toBe(500);
    expect(backoffMs(2, () => 0)).toBe(500);
    expect(backoffMs(3, () => 1)).toBe(2000);
  });

  it("stops growing at 30 seconds", () => {
    expect(backoffMs(20, () => 1)).toBe(30_000);
    expect(backoffMs(20, () => 0)).toBe(15_000);
  });
});
