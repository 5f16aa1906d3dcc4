import { describe, expect, it } from "vitest";
import { addTags, hasTagSeparator, splitTagList } from "./tag-additions";

const many = (count: number) => Array.from({ length: count }, (_, i) => `t${i}`);

describe("splitTagList", () => {
  it("splits on commas, lines and tabs, keeping empty parts", () => {
    expect(splitTagList("a, b\nc")).toEqual(["a", " b", "c"]);
    expect(splitTagList("a\r\nb\tc,")).toEqual(["a", "", "b", "c", ""]);
    expect(hasTagSeparator("vip")).toBe(false);
    expect(hasTagSeparator("vip,")).toBe(true);
  });
});

describe("addTags", () => {
  it("adds trimmed tags in order", () => {
    expect(addTags(["a"], [" b ", "c"])).toEqual({ tags: ["a", "b", "c"], added: ["b", "c"], leftOver: [] });
  });

  it("refuses an empty tag on its own, and ignores empty parts of a list", () => {
    expect(addTags([], ["   "]).message).toBe("A tag cannot be empty.");
    expect(addTags([], ["a", "", " "])).toEqual({ tags: ["a"], added: ["a"], leftOver: [] });
  });

  it("refuses duplicates, also within the list given", () => {
    expect(addTags(["vip"], ["vip"])).toMatchObject({
      tags: ["vip"],
      leftOver: [],
      message: "“vip” is already a tag.",
    });
    expect(addTags(["vip"], ["x", "x", "vip"]).message).toBe("“x” and “vip” are already tags.");
  });

  it("refuses a tag over 100 characters and keeps its text", () => {
    const long = "y".repeat(130);
    expect(addTags([], [long])).toEqual({
      tags: [],
      added: [],
      leftOver: [long],
      message: "A tag may have at most 100 characters; this one has 130.",
    });
    expect(addTags([], ["z".repeat(100)]).added).toHaveLength(1);
    expect(addTags([], ["ok", long]).message).toBe(
      "A tag may have at most 100 characters; “yyyyyyyyyyyyyyyyyyyyyyyy…” has 130. Tags not added are left in the input.",
    );
  });

  it("refuses a 26th tag", () => {
    expect(addTags(many(25), ["one more"])).toMatchObject({
      tags: many(25),
      leftOver: ["one more"],
      message: "A conversation may have at most 25 tags.",
    });
    const pasted = addTags(many(23), ["a", "b", "c", "d"]);
    expect(pasted.added).toEqual(["a", "b"]);
    expect(pasted.leftOver).toEqual(["c", "d"]);
    expect(pasted.message).toBe(
      "A conversation may have at most 25 tags; 2 were not added. Tags not added are left in the input.",
    );
  });
});
