import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";
import {
  expectUserEntity,
  expectGroupEntity,
  expectConversation,
  expectVendorError,
  integer,
  string,
} from "../support/contract-expectations";

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

    it("answers a record without lastMessage for a conversation with no messages, every time", async () => {
      for (const attempt of [1, 2]) {
        const call = await chatCall(server, "GET", "/users/cometchat-uid-5/conversation", {
          onBehalfOf: "cometchat-uid-4",
        });
        expect(call.status, `call ${attempt}`).toBe(200);
        expectConversation(call.body.data[0]);
        expect(call.body.data[0].lastMessage).toBeUndefined();
      }
    });

    // The service reads a conversation's last message once (it never changes) and answers later calls
    // without reading it again: both calls, and both owners' copies, must carry the same one.
    it("answers the same lastMessage on every call and to both owners of the conversation", async () => {
      const read = (owner: string, other: string) =>
        chatCall(server, "GET", `/users/${other}/conversation`, { onBehalfOf: owner });
      const first = await read("cometchat-uid-4", "cometchat-uid-3");
      const again = await chatCall(server, "PUT", "/users/cometchat-uid-3/conversation", {
        onBehalfOf: "cometchat-uid-4",
        body: { tags: ["again"] },
      });
      const otherOwner = await read("cometchat-uid-3", "cometchat-uid-4");
      expect(first.body.data[0].lastMessage).toMatchObject({
        id: string,
        conversationId: first.body.data[0].conversationId,
      });
      expect(again.body.data[0].tags).toEqual(["again"]);
      expect(again.body.data[0].lastMessage).toEqual(first.body.data[0].lastMessage);
      expect(again.body.data[0].conversationWith).toEqual(first.body.data[0].conversationWith);
      expect(otherOwner.body.data[0].lastMessage.id).toBe(first.body.data[0].lastMessage.id);
      const uidsOf = (message: { data: { entities: Record<string, { entity: { uid: string } }> } }) =>
        Object.values(message.data.entities).map(({ entity }) => entity.uid);
      // Each owner sees the other's entity with the conversation's id (2.2): the same users, not the same JSON.
      expect(uidsOf(otherOwner.body.data[0].lastMessage)).toEqual(uidsOf(first.body.data[0].lastMessage));
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
      // Founders Circle ends with an unban; the Hiking Group ends with the demo raid.
      const call = await chatCall(server, "GET", "/groups/founders-circle/conversation", {
        onBehalfOf: "cometchat-uid-2",
      });
      expect(call.status).toBe(200);
      const record = call.body.data[0];
      expectConversation(record);
      expect(record).toMatchObject({ conversationId: "group_founders-circle", conversationType: "group" });
      expect(record.conversationWith).toMatchObject({
        guid: "founders-circle",
        name: string,
        description: string,
        icon: string,
        type: string,
        scope: string,
        membersCount: integer,
        joinedAt: integer,
        conversationId: "group_founders-circle",
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
        receiver: "founders-circle",
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
      const again = await chatCall(server, "GET", "/groups/cometchat-guid-1/conversation", {
        onBehalfOf: "cometchat-uid-2",
      });
      expect(again.body.data[0].tags).toEqual(["muted"]);
      expect(again.body.data[0].lastMessage).toEqual(call.body.data[0].lastMessage);
      expect(again.body.data[0].conversationWith).toEqual(call.body.data[0].conversationWith);
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
});
