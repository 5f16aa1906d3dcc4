import { describe, expect, it } from "vitest";
import { lookUpUserSchema } from "@/lib/users/schemas";
import { updateConversationTagsSchema } from "./schemas";

const base = { onBehalfOf: "cometchat-uid-1", kind: "user", peer: "cometchat-uid-2", expectedTags: null } as const;

describe("updateConversationTagsSchema", () => {
  it("accepts up to 25 tags of up to 100 characters, trimmed", () => {
    const tags = Array.from({ length: 25 }, (_, i) => `${i}`.padEnd(100, "x"));
    expect(updateConversationTagsSchema.parse({ ...base, tags }).tags).toHaveLength(25);
    expect(updateConversationTagsSchema.parse({ ...base, tags: [" vip "] }).tags).toEqual(["vip"]);
  });

  it.each([
    [{ tags: Array.from({ length: 26 }, (_, i) => `t${i}`) }, /at most 25 tags/],
    [{ tags: ["x".repeat(101)] }, /at most 100 characters/],
    [{ tags: ["  "] }, /cannot be empty/],
    [{ tags: ["vip", "vip"] }, /only once/],
    [{ onBehalfOf: "" }, /Enter a UID/],
    [{ onBehalfOf: "a.b" }, /letters, digits/],
    [{ reason: "r".repeat(501) }, /at most 500/],
    [{ kind: "channel" }, /Choose a user or a group/],
    [{ peer: "no/slash" }, /letters, digits/],
    [{ tags: ["a\u0000b"] }, /A tag contains a NUL character/],
    [{ tags: ["a\uD800b"] }, /A tag contains a broken character/],
    [{ reason: "spam\u0000" }, /The reason contains a NUL character/],
    [{ onBehalfOf: "uid\u0000" }, /The UID contains a NUL character/],
  ])("refuses %j with a message that says what is wrong", (change, message) => {
    const result = updateConversationTagsSchema.safeParse({ ...base, tags: [], ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join(" ")).toMatch(message);
  });
});

describe("lookUpUserSchema", () => {
  it("trims and lowercases the UID", () => {
    expect(lookUpUserSchema.parse({ uid: "  CometChat-UID-1 " })).toEqual({ uid: "cometchat-uid-1" });
  });
});
