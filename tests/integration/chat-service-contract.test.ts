import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";

const integer = expect.any(Number);
const string = expect.any(String);

function expectInteger(value: unknown) {
  expect(Number.isInteger(value)).toBe(true);
}

/** User entity of 2.3: uid, name, role, avatar, status, createdAt, and optionally link, updatedAt, conversationId. */
function expectUserEntity(entity: Record<string, unknown>) {
  expect(entity).toMatchObject({ uid: string, name: string, role: string, status: string, createdAt: integer });
  for (const field of ["avatar", "link", "conversationId"]) {
    if (field in entity) expect(typeof entity[field]).toBe("string");
  }
  if ("updatedAt" in entity) expectInteger(entity.updatedAt);
}

/** Group entity of 2.3. */
function expectGroupEntity(entity: Record<string, unknown>) {
  expect(entity).toMatchObject({
    guid: string,
    icon: string,
    name: string,
    type: string,
    owner: string,
    createdAt: integer,
    updatedAt: integer,
    updatedBy: string,
    description: string,
    membersCount: integer,
    conversationId: `group_${entity.guid as string}`,
  });
}

/** Message of 2.2. */
function expectMessage(message: Record<string, any>, conversationId: string) {
  expect(message).toMatchObject({
    id: string,
    conversationId,
    sender: string,
    receiverType: string,
    receiver: string,
    category: string,
    type: string,
    data: expect.any(Object),
    sentAt: integer,
    updatedAt: integer,
  });
  expect(Array.isArray(message.receipts.data)).toBe(true);
  for (const inner of message.receipts.data) expect(Array.isArray(inner)).toBe(true);
}

/** Conversation of 2.1. */
function expectConversation(record: Record<string, any>) {
  expect(record).toMatchObject({
    conversationId: string,
    conversationType: string,
    unreadMessageCount: expect.stringMatching(/^\d+$/),
    createdAt: integer,
    updatedAt: integer,
    conversationWith: expect.any(Object),
  });
  expect(Array.isArray(record.tags)).toBe(true);
  if (record.lastMessage) expectMessage(record.lastMessage, record.conversationId);
}

function expectVendorError(call: { body: any }, code: string) {
  expect(call.body).toEqual({
    error: expect.objectContaining({ code, message: string, devMessage: string, source: "chat-api" }),
  });
}

describe.each(await databaseKinds())("embedded chat API v3 on %s", (database) => {
  let server: ConsoleServer;

  beforeAll(async () => {
    server = await startConsole({ database });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe("GET /users/{uid}", () => {
    it("answers the user record, with the UID lowercased", async () => {
      const call = await chatCall(server, "GET", "/users/COMETCHAT-UID-1");
      expect(call.status).toBe(200);
      expect(call.body.data).toMatchObject({
        uid: "cometchat-uid-1",
        name: "Andrew Joseph",
        role: string,
        status: string,
        createdAt: integer,
      });
    });

    it("answers 404 ERR_UID_NOT_FOUND with the vendor's wording for an unknown UID", async () => {
      const call = await chatCall(server, "GET", "/users/nobody-here");
      expect(call.status).toBe(404);
      expectVendorError(call, "ERR_UID_NOT_FOUND");
      expect(call.body.error.message).toBe(
        "The UID nobody-here does not exist, please make sure you have created a user with UID nobody-here.",
      );
    });
  });

  describe("PUT /users/{uid}/conversation", () => {
    it("replaces the owner's tags and answers the full user-to-user record (2.1, 2.2)", async () => {
      const call = await chatCall(server, "PUT", "/users/cometchat-uid-2/conversation", {
        onBehalfOf: "cometchat-uid-1",
        body: { tags: ["vip", "follow-up"] },
      });
      expect(call.status).toBe(200);
      expect(call.body.data).toHaveLength(1);
      const record = call.body.data[0];
      expectConversation(record);
      expect(record).toMatchObject({
        conversationId: "cometchat-uid-1_user_cometchat-uid-2",
        conversationType: "user",
        tags: ["vip", "follow-up"],
      });
      expectUserEntity(record.conversationWith);
      expect(record.conversationWith).toMatchObject({ uid: "cometchat-uid-2", conversationId: record.conversationId });
      expect(record.lastMessage).toBeDefined();
      expect(record.lastMessage.data.entities.sender.entityType).toBe("user");
      expectUserEntity(record.lastMessage.data.entities.sender.entity);
      expectUserEntity(record.lastMessage.data.entities.receiver.entity);

      const read = await chatCall(server, "GET", "/users/cometchat-uid-2/conversation", {
        onBehalfOf: "cometchat-uid-1",
      });
      expect(read.status).toBe(200);
      expect(read.body.data[0].tags).toEqual(["vip", "follow-up"]);
    });

    it("keeps each owner's tags apart", async () => {
      await chatCall(server, "PUT", "/users/cometchat-uid-3/conversation", {
        onBehalfOf: "cometchat-uid-1",
        body: { tags: ["mine"] },
      });
      const other = await chatCall(server, "GET", "/users/cometchat-uid-1/conversation", {
        onBehalfOf: "cometchat-uid-3",
      });
      expect(other.status).toBe(200);
      expect(other.body.data[0].tags).not.toContain("mine");
    });

    it("clears the tags with an empty list and leaves them with no tags field", async () => {
      await chatCall(server, "PUT", "/users/cometchat-uid-2/conversation", {
        onBehalfOf: "cometchat-uid-1",
        body: { tags: ["a"] },
      });
      const unchanged = await chatCall(server, "PUT", "/users/cometchat-uid-2/conversation", {
        onBehalfOf: "cometchat-uid-1",
        body: {},
      });
      expect(unchanged.body.data[0].tags).toEqual(["a"]);
      const cleared = await chatCall(server, "PUT", "/users/cometchat-uid-2/conversation", {
        onBehalfOf: "cometchat-uid-1",
        body: { tags: [] },
      });
      expect(cleared.body.data[0].tags).toEqual([]);
    });

    it("answers a record without lastMessage for a conversation with no messages", async () => {
      const call = await chatCall(server, "GET", "/users/cometchat-uid-5/conversation", {
        onBehalfOf: "cometchat-uid-4",
      });
      expect(call.status).toBe(200);
      expectConversation(call.body.data[0]);
      expect(call.body.data[0].lastMessage).toBeUndefined();
    });

    it("answers ERR_CONVERSATION_NOT_ACCESSIBLE where the two users have no conversation", async () => {
      const users = await chatCall(server, "GET", "/users/cometchat-uid-1/blockedusers");
      expect(users.status).toBe(200);
      const call = await chatCall(server, "PUT", "/users/cometchat-uid-1/conversation", {
        onBehalfOf: "cometchat-uid-1",
        body: { tags: [] },
      });
      expect(call.status).toBe(404);
      expectVendorError(call, "ERR_CONVERSATION_NOT_ACCESSIBLE");
    });

    it("answers 404 ERR_UID_NOT_FOUND for an unknown owner", async () => {
      const call = await chatCall(server, "PUT", "/users/cometchat-uid-2/conversation", {
        onBehalfOf: "ghost-owner",
        body: { tags: [] },
      });
      expect(call.status).toBe(404);
      expectVendorError(call, "ERR_UID_NOT_FOUND");
    });
  });

  describe("group conversations", () => {
    it("answers every field of 2.4 and an action lastMessage with by, on and for (2.3)", async () => {
      const call = await chatCall(server, "GET", "/groups/cometchat-guid-1/conversation", {
        onBehalfOf: "cometchat-uid-1",
      });
      expect(call.status).toBe(200);
      const record = call.body.data[0];
      expectConversation(record);
      expect(record).toMatchObject({ conversationId: "group_cometchat-guid-1", conversationType: "group" });
      expect(record.conversationWith).toMatchObject({
        guid: "cometchat-guid-1",
        name: string,
        description: string,
        icon: string,
        type: string,
        scope: string,
        membersCount: integer,
        joinedAt: integer,
        conversationId: "group_cometchat-guid-1",
        hasJoined: true,
        createdAt: integer,
        owner: string,
        updatedAt: integer,
        updatedBy: string,
      });
      const message = record.lastMessage;
      expect(message).toMatchObject({
        category: "action",
        type: "groupMember",
        receiverType: "group",
        receiver: "cometchat-guid-1",
      });
      expect(message.data.action).toBe("unbanned");
      for (const role of ["by", "on"] as const) {
        expect(message.data.entities[role].entityType).toBe("user");
        expectUserEntity(message.data.entities[role].entity);
      }
      expect(message.data.entities.for.entityType).toBe("group");
      expectGroupEntity(message.data.entities.for.entity);
    });

    it("replaces a member's tags of the group conversation", async () => {
      const call = await chatCall(server, "PUT", "/groups/cometchat-guid-1/conversation", {
        onBehalfOf: "cometchat-uid-2",
        body: { tags: ["muted"] },
      });
      expect(call.status).toBe(200);
      expect(call.body.data[0].tags).toEqual(["muted"]);
    });

    it("refuses a user who is not a member, and an unknown group", async () => {
      const members = await chatCall(server, "GET", "/groups/cometchat-guid-1/conversation", {
        onBehalfOf: "cometchat-uid-1",
      });
      expect(members.status).toBe(200);
      const outsider = await chatCall(server, "GET", "/groups/cometchat-guid-1/conversation", {
        onBehalfOf: "amara-okafor-not-a-member",
      });
      expect(outsider.status).toBe(404);
      const unknown = await chatCall(server, "GET", "/groups/no-such-group/conversation", {
        onBehalfOf: "cometchat-uid-1",
      });
      expect(unknown.status).toBe(404);
      expectVendorError(unknown, "ERR_GUID_NOT_FOUND");
    });
  });

  describe("blocking", () => {
    it("blocks, reports an already blocked UID, the blocker itself and an unknown UID each on their own (2.5)", async () => {
      const call = await chatCall(server, "POST", "/users/cometchat-uid-4/blockedusers", {
        body: { blockedUids: ["cometchat-uid-5", "COMETCHAT-UID-3", "cometchat-uid-4", "no-such-user"] },
      });
      expect(call.status).toBe(200);
      expect(call.body.data).toEqual({
        "cometchat-uid-5": {
          success: true,
          message: "The user with UID cometchat-uid-4 has blocked user with UID cometchat-uid-5 successfully.",
        },
        "cometchat-uid-3": {
          success: true,
          message: "The user with UID cometchat-uid-4 has blocked user with UID cometchat-uid-3 successfully.",
        },
        "cometchat-uid-4": { success: false, message: expect.stringContaining("cannot block") },
        "no-such-user": {
          success: false,
          message:
            "The UID no-such-user does not exist, please make sure you have created a user with UID no-such-user.",
        },
      });

      const again = await chatCall(server, "POST", "/users/cometchat-uid-4/blockedusers", {
        body: { blockedUids: ["cometchat-uid-5"] },
      });
      expect(again.body.data["cometchat-uid-5"]).toEqual({
        success: true,
        message: expect.stringContaining("already blocked"),
      });
    });

    it("lists the blocked users with pagination, and unblocks them", async () => {
      const page1 = await chatCall(server, "GET", "/users/cometchat-uid-4/blockedusers?perPage=1&page=1");
      expect(page1.status).toBe(200);
      expect(page1.body.meta.pagination).toEqual({ total: 2, count: 1, per_page: 1, current_page: 1, total_pages: 2 });
      expect(page1.body.data[0]).toMatchObject({
        uid: string,
        name: string,
        blockedByMe: true,
        blockedByMeAt: integer,
        blockedAt: integer,
        createdAt: integer,
      });
      const page2 = await chatCall(server, "GET", "/users/cometchat-uid-4/blockedusers?perPage=1&page=2");
      expect(page2.body.data[0].uid).not.toBe(page1.body.data[0].uid);

      const unblock = await chatCall(server, "DELETE", "/users/cometchat-uid-4/blockedusers", {
        body: { blockedUids: ["cometchat-uid-3"] },
      });
      expect(unblock.status).toBe(200);
      expect(unblock.body.data["cometchat-uid-3"]).toEqual({
        success: true,
        message: "The user with UID cometchat-uid-4 has unblocked user with UID cometchat-uid-3 successfully.",
      });
      const after = await chatCall(server, "GET", "/users/cometchat-uid-4/blockedusers");
      expect(after.body.data.map((user: { uid: string }) => user.uid)).toEqual(["cometchat-uid-5"]);
    });

    it("answers 404 for an unknown blocker, and 400 for a missing or empty blockedUids", async () => {
      const unknown = await chatCall(server, "POST", "/users/ghost-blocker/blockedusers", {
        body: { blockedUids: ["cometchat-uid-1"] },
      });
      expect(unknown.status).toBe(404);
      expectVendorError(unknown, "ERR_UID_NOT_FOUND");
      const missing = await chatCall(server, "POST", "/users/cometchat-uid-1/blockedusers", { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.error.details.blockedUids).toBeDefined();
      const empty = await chatCall(server, "POST", "/users/cometchat-uid-1/blockedusers", {
        body: { blockedUids: [] },
      });
      expect(empty.status).toBe(400);
    });
  });

  it("keeps tags and blocks across a restart", async () => {
    await chatCall(server, "PUT", "/users/cometchat-uid-3/conversation", {
      onBehalfOf: "cometchat-uid-2",
      body: { tags: ["survives"] },
    });
    await chatCall(server, "POST", "/users/cometchat-uid-2/blockedusers", {
      body: { blockedUids: ["cometchat-uid-5"] },
    });
    await server.restart();
    const tags = await chatCall(server, "GET", "/users/cometchat-uid-3/conversation", {
      onBehalfOf: "cometchat-uid-2",
    });
    expect(tags.body.data[0].tags).toEqual(["survives"]);
    const blocked = await chatCall(server, "GET", "/users/cometchat-uid-2/blockedusers");
    expect(blocked.body.data.map((user: { uid: string }) => user.uid)).toContain("cometchat-uid-5");
  });
});
