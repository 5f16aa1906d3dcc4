import { describe, expect, it } from "vitest";
import { updateConversationTagsSchema } from "./conversation-tags";
import { lookUpUserSchema } from "./uid";

const base = { uid: "cometchat-uid-2", onBehalfOf: "cometchat-uid-1" };

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
