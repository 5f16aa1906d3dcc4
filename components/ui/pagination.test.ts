import { describe, expect, it } from "vitest";
import { pageItems } from "./pagination";

describe("pageItems", () => {
  it("links the first, the last and the pages beside the current one, with gaps between", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(pageItems(1, 10)).toEqual([1, 2, "gap", 10]);
  });

  it("costs the same for a service that claims half a billion pages", () => {
    expect(pageItems(250_000_000, 500_000_000)).toEqual([
      1,
      "gap",
      249_999_999,
      250_000_000,
      250_000_001,
      "gap",
      500_000_000,
    ]);
  });
});
