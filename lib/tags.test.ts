import { describe, expect, it } from "vitest";
import { sameTags, tagChanges, tagsOf } from "./tags";

describe("tags", () => {
  it("reads an absent tags field as unknown, not as no tags", () => {
    expect(tagsOf({})).toBeNull();
    expect(tagsOf(undefined)).toBeNull();
    expect(tagsOf({ tags: [] })).toEqual([]);
    expect(tagsOf({ tags: ["vip", 3, "sent"] })).toEqual(["vip", "sent"]);
  });

  it("compares tag lists whatever their order", () => {
    expect(sameTags(["a", "b"], ["b", "a"])).toBe(true);
    expect(sameTags(["a", "b"], ["a"])).toBe(false);
    expect(sameTags(["a", "a"], ["a", "b"])).toBe(false);
  });

  it("says what a save adds and removes", () => {
    expect(tagChanges(["sent", "vip"], ["vip", "priority"])).toEqual({ added: ["priority"], removed: ["sent"] });
    expect(tagChanges([], [])).toEqual({ added: [], removed: [] });
  });
});
