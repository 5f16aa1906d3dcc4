import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ChatServiceError } from "./errors";
import {
  blockedUidsBodySchema,
  listConversationsQuerySchema,
  listUsersQuerySchema,
  parseOrThrow,
  queryOf,
  storableJson,
  storableText,
  testUsersBodySchema,
  uidSchema,
  updateConversationBodySchema,
} from "./validation";

describe("uidSchema", () => {
  it("accepts letters, digits, _ and - up to 100 characters, lowercased", () => {
    expect(uidSchema.parse("Cometchat-UID_1")).toBe("cometchat-uid_1");
    expect(uidSchema.parse("a".repeat(100))).toHaveLength(100);
  });

  it.each(["", "a b", "a.b", "é", "a/b", "a".repeat(101)])("refuses %j", (uid) => {
    expect(uidSchema.safeParse(uid).success).toBe(false);
  });
});

describe("testUsersBodySchema", () => {
  it("makes UIDs up to 100 characters long, the last one included, and no longer", () => {
    expect(testUsersBodySchema.safeParse({ prefix: "p".repeat(98), count: 10 }).success).toBe(true);
    expect(testUsersBodySchema.safeParse({ prefix: "p".repeat(94), count: 100_000 }).success).toBe(true);
    const tooLong = testUsersBodySchema.safeParse({ prefix: "p".repeat(98), count: 11 });
    expect(tooLong.error?.issues[0]).toMatchObject({
      path: ["prefix"],
      message: expect.stringMatching(/100 characters/),
    });
  });
});

describe("storableText", () => {
  const text = storableText("text");

  it.each(["plain", "😀 an astral character (a surrogate pair)", "ß ü ﷽ \u200b\u202e", "'; drop table x; --", "%_\\"])(
    "accepts %j",
    (value) => {
      expect(text.parse(value)).toBe(value);
    },
  );

  it.each(["a\u0000b", "\ud800", "a\ud83d", "\udc00a", "\ude00\ud83d"])("refuses %j, naming what it is", (value) => {
    const result = text.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^text must not contain a NUL character/);
  });
});

describe("storableJson", () => {
  const json = storableJson("data.metadata", z.record(z.string(), z.unknown()));

  it("accepts what jsonb stores, and refuses NUL or an unpaired surrogate in any key or value, however deep", () => {
    expect(json.safeParse({ a: ["😀", { b: "ok" }] }).success).toBe(true);
    for (const value of [{ a: "x\u0000" }, { "k\ud800": 1 }, { a: [{ b: ["\udc00"] }] }])
      expect(json.safeParse(value).error?.issues[0]?.message).toMatch(/^data.metadata must not contain a NUL/);
  });
});

describe("parseOrThrow", () => {
  it("throws the vendor's 400 with details keyed by field path", () => {
    try {
      parseOrThrow(updateConversationBodySchema, { tags: ["ok", ""] }, "The request body is not valid");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ChatServiceError);
      const body = (error as ChatServiceError).toBody();
      expect(body.error.code).toBe("ERR_BAD_REQUEST");
      expect(body.error.details).toEqual({ "tags.1": ["A tag must not be empty."] });
      expect(body.error.devMessage).toBe("The request body is not valid: tags.1: A tag must not be empty.");
    }
  });

  it("lowercases every UID of blockedUids", () => {
    expect(parseOrThrow(blockedUidsBodySchema, { blockedUids: ["A", "b"] }, "x")).toEqual({ blockedUids: ["a", "b"] });
  });
});

describe("list queries", () => {
  it("reads lists comma-separated or repeated, and flags as true or false", () => {
    const url = new URL("http://x/v3/conversations?tags=a,%20b&tags=c&unread=1&withTags=false&conversationType=group");
    expect(listConversationsQuerySchema.parse(queryOf(url.searchParams))).toEqual({
      page: 1,
      perPage: 100,
      tags: ["a", "b", "c"],
      unread: true,
      withTags: false,
      conversationType: "group",
    });
  });

  it("searches in both fields unless told, and keys the details of a bad one by its name", () => {
    expect(listUsersQuerySchema.parse({ searchIn: "name,uid" }).searchIn).toEqual(["name", "uid"]);
    expect(listUsersQuerySchema.parse({}).searchIn).toBeUndefined();
    const result = listUsersQuerySchema.safeParse({ searchIn: "uid,email" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["searchIn"]]);
  });
});
