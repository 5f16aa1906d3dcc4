import { describe, expect, it } from "vitest";
import { responseSchemas } from "./schemas";

const conversation = {
  conversationId: "group_cometchat-guid-1",
  conversationType: "group",
  unreadMessageCount: "2",
  createdAt: 1_700_000_000,
  updatedAt: 1_700_000_100,
  lastMessage: {
    id: "41",
    category: "action",
    type: "groupMember",
    data: {
      action: "unbanned",
      entities: {
        by: { entity: { uid: "cometchat-uid-1", name: "Andrew" }, entityType: "user" },
        on: { entity: { uid: "kevin-price", name: "Kevin" }, entityType: "user" },
        for: { entity: { guid: "cometchat-guid-1", name: "Hiking" }, entityType: "group" },
      },
    },
    receipts: { data: [[{ uid: "x" }]] },
  },
  conversationWith: { guid: "cometchat-guid-1", name: "Hiking", hasJoined: true, membersCount: 5 },
  pinned: true,
};

describe("conversation answers", () => {
  it("give a list whether data is a list or one record, keeping unknown fields", () => {
    expect(responseSchemas.conversations.parse({ data: [conversation] })).toEqual([conversation]);
    expect(responseSchemas.conversations.parse({ data: conversation })).toEqual([conversation]);
  });

  it("accept an unread count sent as a number, and a conversation without a last message", () => {
    const [parsed] = responseSchemas.conversations.parse({
      data: { conversationId: "a_user_b", conversationType: "user", unreadMessageCount: 3 },
    });
    expect(parsed?.unreadMessageCount).toBe(3);
    expect(parsed?.lastMessage).toBeUndefined();
  });

  it("keep an entity of another type, or one that does not match its type, as sent", () => {
    const odd = structuredClone(conversation);
    odd.lastMessage.data.entities.for.entityType = "user";
    (odd.lastMessage.data.entities as Record<string, unknown>).on = { entityType: "message", entity: { id: "42" } };
    const [parsed] = responseSchemas.conversations.parse({ data: [odd] });
    expect(parsed?.lastMessage?.data?.entities?.on).toEqual({ entityType: "message", entity: { id: "42" } });
    expect(parsed?.lastMessage?.data?.entities?.for?.entityType).toBe("user");
  });

  it("refuse a record without its conversation id", () => {
    const broken: Record<string, unknown> = structuredClone(conversation);
    delete broken.conversationId;
    expect(responseSchemas.conversations.safeParse({ data: [broken] }).success).toBe(false);
  });
});

describe("block results", () => {
  it("are keyed by UID and keep each entry as sent, even of a shape the console does not know", () => {
    const data = {
      a: { success: true, message: "blocked" },
      b: { success: false, error: { code: "ERR_UID_NOT_FOUND" } },
    };
    expect(responseSchemas.blockResult.parse({ data })).toEqual(data);
    expect(responseSchemas.blockResult.parse({ data: { a: "no success flag" } })).toEqual({ a: "no success flag" });
  });

  it("refuses a data that is not an object keyed by UID", () => {
    expect(responseSchemas.blockResult.safeParse({ data: ["a"] }).success).toBe(false);
    expect(responseSchemas.blockResult.safeParse({ data: 5 }).success).toBe(false);
  });
});
