import { describe, expect, it } from "vitest";
import { ChatServiceError } from "./errors";
import { blockedUidsBodySchema, parseOrThrow, uidSchema, updateConversationBodySchema } from "./validation";

describe("uidSchema", () => {
  it("accepts letters, digits, _ and - up to 100 characters, lowercased", () => {
    expect(uidSchema.parse("Cometchat-UID_1")).toBe("cometchat-uid_1");
    expect(uidSchema.parse("a".repeat(100))).toHaveLength(100);
  });

  it.each(["", "a b", "a.b", "é", "a/b", "a".repeat(101)])("refuses %j", (uid) => {
    expect(uidSchema.safeParse(uid).success).toBe(false);
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
