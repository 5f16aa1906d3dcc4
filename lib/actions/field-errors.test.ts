import { describe, expect, it } from "vitest";
import { placeFieldErrors } from "./field-errors";

describe("placeFieldErrors", () => {
  it("puts errors on the form's fields, item paths on their list, and returns what it placed", () => {
    const set: Array<[string, string, boolean]> = [];
    const placed = placeFieldErrors(
      { reason: ["Too long."], "tags.3": ["Bad."], tags: ["Too many."], uid: ["Malformed."] },
      ["tags", "reason"] as const,
      (field, error, options) => set.push([field, error.message, options.shouldFocus]),
    );
    expect(placed).toEqual(["reason", "tags.3", "tags"]);
    expect(set).toEqual([
      ["reason", "Too long.", true],
      ["tags", "Bad. Too many.", false],
    ]);
  });

  it("places nothing when the action named no field", () => {
    const placed = placeFieldErrors(undefined, ["email"], () => {
      throw new Error("nothing to place");
    });
    expect(placed).toEqual([]);
  });
});
