import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";

type Call = { status: number; body: any };
const idsOf = (call: Call): string[] => call.body.data.map((message: { id: string }) => message.id);

function expectError(call: Call, status: number, code: string) {
  expect(call.status).toBe(status);
  expect(call.body.error).toMatchObject({ code, source: "chat-api" });
}

function expectBadRequest(call: Call, field: string) {
  expectError(call, 400, "ERR_BAD_REQUEST");
  expect(call.body.error.details[field]).toEqual([expect.any(String)]);
}

/** The fields of a text message from cometchat-uid-3 (Nancy Grace) to cometchat-uid-5 (John Paul). */
const fromNancyToJohn = {
  conversationId: "cometchat-uid-3_user_cometchat-uid-5",
  sender: "cometchat-uid-3",
  receiverType: "user",
  receiver: "cometchat-uid-5",
  category: "message",
  type: "text",
};

describe.each(await databaseKinds())("embedded chat API v3, messages, on %s", (database) => {
  let server: ConsoleServer;
  const send = (onBehalfOf: string, receiver: string, receiverType: "user" | "group", text: string) =>
    chatCall(server, "POST", "/messages", { onBehalfOf, body: { receiver, receiverType, data: { text } } });

  beforeAll(async () => {
    server = await startConsole({ database });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sends a text message with metadata on behalf of a user, in the vendor's shape, and the conversation shows it", async () => {
    const sent = await chatCall(server, "POST", "/messages", {
      onBehalfOf: "cometchat-uid-3",
      body: {
        receiver: "cometchat-uid-5",
        receiverType: "user",
        data: { text: "test hello", metadata: { key1: "val1" } },
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      ...fromNancyToJohn,
      data: {
        text: "test hello",
        metadata: { key1: "val1" },
        entities: {
          sender: { entity: { uid: "cometchat-uid-3", name: "Nancy Grace" }, entityType: "user" },
          receiver: { entity: { uid: "cometchat-uid-5", name: "John Paul" }, entityType: "user" },
        },
      },
      sentAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    const conversation = await chatCall(server, "GET", "/users/cometchat-uid-3/conversation", {
      onBehalfOf: "cometchat-uid-5",
    });
    expect(conversation.body.data[0].lastMessage.id).toBe(sent.body.data.id);
    expect(conversation.body.data[0].unreadMessageCount).not.toBe("0");
    const fetched = await chatCall(server, "GET", `/messages/${sent.body.data.id}`);
    expect(fetched.body.data).toMatchObject({ id: sent.body.data.id, data: { text: "test hello" } });
  });

  it("answers one exact record for a message wherever it is read, its entities as each reader sees them", async () => {
    const text = 'quotes " and \\ backslash, a\nnew line, a tab\t, \u0001, émoji 🎉, </script>';
    const metadata = { nested: { list: [1, 2.5, true, null, "x"], empty: {} }, 'key with "quotes"': "v" };
    const sent = await chatCall(server, "POST", "/messages", {
      onBehalfOf: "cometchat-uid-3",
      body: { receiver: "cometchat-uid-5", receiverType: "user", data: { text, metadata } },
    });
    expect(sent.status).toBe(200);
    // A user entity is the user's record less its metadata, with the conversation between reader and user.
    const entityOf = async (uid: string, reader: string) => {
      const user = { ...(await chatCall(server, "GET", `/users/${uid}`)).body.data };
      delete user.metadata;
      delete user.deactivatedAt;
      const conversationId = reader && reader !== uid ? [reader, uid].sort().join("_user_") : undefined;
      return { entity: { ...user, ...(conversationId ? { conversationId } : {}) }, entityType: "user" };
    };
    const recordFor = async (reader: string) => ({
      id: sent.body.data.id,
      ...fromNancyToJohn,
      data: {
        text,
        metadata,
        entities: {
          sender: await entityOf("cometchat-uid-3", reader),
          receiver: await entityOf("cometchat-uid-5", reader),
        },
      },
      sentAt: sent.body.data.sentAt,
      updatedAt: sent.body.data.sentAt,
      receipts: { data: [] },
    });
    expect(sent.body.data).toEqual(await recordFor("cometchat-uid-3"));
    expect((await chatCall(server, "GET", `/messages/${sent.body.data.id}`)).body.data).toEqual(await recordFor(""));
    const page = await chatCall(server, "GET", "/messages?limit=1");
    expect(page.body).toEqual({
      data: [await recordFor("")],
      meta: {
        current: { limit: 1, count: 1 },
        next: { affix: "prepend", sentAt: sent.body.data.sentAt, id: sent.body.data.id },
      },
    });
    const seenBy5 = await chatCall(server, "GET", "/users/cometchat-uid-3/messages?limit=1", {
      onBehalfOf: "cometchat-uid-5",
    });
    expect(seenBy5.body.data).toEqual([await recordFor("cometchat-uid-5")]);
    const conversation = await chatCall(server, "GET", "/users/cometchat-uid-3/conversation", {
      onBehalfOf: "cometchat-uid-5",
    });
    expect(conversation.body.data[0].lastMessage).toEqual(await recordFor("cometchat-uid-5"));

    // Removed for good at once: the answer still says when and by whom, its last change unchanged.
    const removed = await chatCall(server, "DELETE", `/messages/${sent.body.data.id}`, { body: { permanent: true } });
    const { deletedAt, ...rest } = removed.body.data;
    expect(rest).toEqual({ ...(await recordFor("")), deletedBy: "app_system" });
    expect(deletedAt).toEqual(expect.any(Number));
  });

  it("refuses bad input with the field named, and unknown receivers with the vendor's codes", async () => {
    expectBadRequest(
      await chatCall(server, "POST", "/messages", {
        onBehalfOf: "cometchat-uid-1",
        body: { receiver: "cometchat-uid-2", receiverType: "user", data: { text: "" } },
      }),
      "data.text",
    );
    expectBadRequest(
      await chatCall(server, "POST", "/messages", {
        onBehalfOf: "cometchat-uid-1",
        body: { receiver: "cometchat-uid-2", receiverType: "room", data: { text: "x" } },
      }),
      "receiverType",
    );
    expectBadRequest(
      await chatCall(server, "POST", "/messages", {
        body: { receiver: "cometchat-uid-2", receiverType: "user", data: { text: "x" } },
      }),
      "onBehalfOf",
    );
    expectError(await send("cometchat-uid-1", "nobody-here", "user", "hi"), 404, "ERR_UID_NOT_FOUND");
    expectError(await send("cometchat-uid-1", "no-such-group", "group", "hi"), 404, "ERR_GUID_NOT_FOUND");
    expectError(await send("cometchat-uid-1", "design-critique", "group", "hi"), 400, "ERR_NOT_A_MEMBER");
    expectBadRequest(await chatCall(server, "GET", "/messages?limit=0"), "limit");
    expectBadRequest(await chatCall(server, "GET", "/messages?limit=1001"), "limit");
    expectBadRequest(await chatCall(server, "GET", "/messages?hideDeleted=true&onlyDeleted=true"), "onlyDeleted");
    expectBadRequest(await chatCall(server, "GET", "/messages?affix=sideways"), "affix");
    expectBadRequest(await chatCall(server, "GET", "/messages/abc"), "id");
    expectError(await chatCall(server, "GET", "/messages/999999999"), 404, "ERR_MESSAGE_ID_NOT_FOUND");
  });

  it("filters app-wide by sender, searchKey, receiverType, conversationId, category, type, links and a time window", async () => {
    const marker = `zebra${Date.now()}`;
    const linked = await send(
      "cometchat-uid-2",
      "cometchat-guid-1",
      "group",
      `${marker} see https://trail.example/map`,
    );
    const plain = await send("cometchat-uid-2", "cometchat-uid-4", "user", `${marker} plain words`);
    const found = await chatCall(server, "GET", `/messages?searchKey=${marker.toUpperCase()}`);
    expect(idsOf(found)).toEqual([plain.body.data.id, linked.body.data.id]);
    expect(found.body.meta).toEqual({
      current: { limit: 100, count: 2 },
      next: { affix: "prepend", sentAt: linked.body.data.sentAt, id: linked.body.data.id },
    });
    expect(idsOf(await chatCall(server, "GET", `/messages?searchKey=${marker}&hasLinks=true`))).toEqual([
      linked.body.data.id,
    ]);
    expect(idsOf(await chatCall(server, "GET", `/messages?searchKey=${marker}&receiverType=user`))).toEqual([
      plain.body.data.id,
    ]);
    expect(
      idsOf(await chatCall(server, "GET", `/messages?searchKey=${marker}&conversationId=group_cometchat-guid-1`)),
    ).toEqual([linked.body.data.id]);
    const bySender = await chatCall(server, "GET", "/messages?sender=kevin-price&limit=1000");
    expect(bySender.body.data.length).toBeGreaterThan(0);
    expect(new Set(bySender.body.data.map((message: any) => message.sender))).toEqual(new Set(["kevin-price"]));
    const actions = await chatCall(server, "GET", "/messages?category=action&type=groupMember&limit=5");
    expect(actions.body.data).toHaveLength(5);
    for (const message of actions.body.data) expect(message).toMatchObject({ category: "action", type: "groupMember" });
    const sentAt = linked.body.data.sentAt as number;
    const window = await chatCall(
      server,
      "GET",
      `/messages?fromTimestamp=${sentAt}&toTimestamp=${sentAt + 60}&searchKey=${marker}`,
    );
    expect(idsOf(window)).toHaveLength(2);
    const before = await chatCall(
      server,
      "GET",
      `/messages?fromTimestamp=0&toTimestamp=${sentAt - 1}&searchKey=${marker}`,
    );
    expect(idsOf(before)).toEqual([]);
    // The vendor ignores toTimestamp without fromTimestamp.
    expect(idsOf(await chatCall(server, "GET", `/messages?toTimestamp=1&searchKey=${marker}`))).toHaveLength(2);
  });

  it("walks every message once with the cursor, newest first and oldest first, while new messages arrive", async () => {
    const seen = new Set<string>();
    let query = "/messages?limit=37";
    for (let page = 0; page < 100; page += 1) {
      const call = await chatCall(server, "GET", query);
      expect(call.status).toBe(200);
      for (const id of idsOf(call)) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
      if (page % 3 === 0) await send("cometchat-uid-1", "cometchat-uid-2", "user", `arrives during the walk ${page}`);
      if (call.body.meta.current.count < 37) break;
      const { affix, id, sentAt } = call.body.meta.next;
      query = `/messages?limit=37&affix=${affix}&id=${id}&sentAt=${sentAt}`;
    }
    const total = await chatCall(server, "GET", "/messages?limit=1000&affix=append");
    // Every message that existed when the walk began was seen; those sent during it are newer than its start.
    const oldestFirst = idsOf(total);
    expect(oldestFirst.filter((id) => !seen.has(id)).every((id) => Number(id) > Number([...seen][0]))).toBe(true);
    const forward = new Set<string>();
    let cursor = "/messages?limit=50&affix=append&sentAt=0";
    for (let page = 0; page < 100; page += 1) {
      const call = await chatCall(server, "GET", cursor);
      for (const id of idsOf(call)) {
        expect(forward.has(id)).toBe(false);
        forward.add(id);
      }
      if (page === 1) await send("cometchat-uid-1", "cometchat-uid-2", "user", "arrives during the forward walk");
      if (call.body.meta.current.count < 50) break;
      cursor = `/messages?limit=50&affix=append&id=${call.body.meta.next.id}&sentAt=${call.body.meta.next.sentAt}`;
    }
    const last = await chatCall(server, "GET", "/messages?limit=1");
    expect(forward.has(idsOf(last)[0]!)).toBe(true);
  });

  it("lists one user conversation and one group's messages, seen by onBehalfOf", async () => {
    const direct = await chatCall(server, "GET", "/users/cometchat-uid-2/messages?limit=1000", {
      onBehalfOf: "cometchat-uid-1",
    });
    expect(direct.status).toBe(200);
    expect(new Set(direct.body.data.map((message: any) => message.conversationId))).toEqual(
      new Set(["cometchat-uid-1_user_cometchat-uid-2"]),
    );
    const group = await chatCall(server, "GET", "/groups/cometchat-guid-1/messages?limit=1000&category=message");
    expect(group.body.data.length).toBeGreaterThan(0);
    expect(new Set(group.body.data.map((message: any) => message.receiver))).toEqual(new Set(["cometchat-guid-1"]));
    expectError(await chatCall(server, "GET", "/groups/no-such-group/messages"), 404, "ERR_GUID_NOT_FOUND");
    expectBadRequest(await chatCall(server, "GET", "/users/cometchat-uid-2/messages"), "onBehalfOf");
  });

  it("soft-deletes by default (kept, marked, hidden by hideDeleted) and removes with permanent, the conversation's last message following", async () => {
    const first = await send("cometchat-uid-4", "cometchat-uid-5", "user", "first of two");
    const second = await send("cometchat-uid-4", "cometchat-uid-5", "user", "second of two");
    expectError(
      await chatCall(server, "DELETE", `/messages/${second.body.data.id}`, { onBehalfOf: "cometchat-uid-5" }),
      403,
      "ERR_MESSAGE_NOT_A_SENDER",
    );
    const soft = await chatCall(server, "DELETE", `/messages/${second.body.data.id}`, {
      onBehalfOf: "cometchat-uid-4",
    });
    expect(soft.body.data).toMatchObject({
      id: second.body.data.id,
      deletedAt: expect.any(Number),
      deletedBy: "cometchat-uid-4",
    });
    const conversation = () =>
      chatCall(server, "GET", "/users/cometchat-uid-5/conversation", { onBehalfOf: "cometchat-uid-4" });
    expect((await conversation()).body.data[0].lastMessage).toMatchObject({
      id: second.body.data.id,
      deletedBy: "cometchat-uid-4",
    });
    const listed = (query: string) =>
      chatCall(server, "GET", `/users/cometchat-uid-5/messages?${query}`, { onBehalfOf: "cometchat-uid-4" });
    expect(idsOf(await listed("limit=2"))).toEqual([second.body.data.id, first.body.data.id]);
    expect(idsOf(await listed("limit=1&hideDeleted=true"))).toEqual([first.body.data.id]);
    expect(idsOf(await listed("limit=1&onlyDeleted=true"))).toEqual([second.body.data.id]);
    const permanent = await chatCall(server, "DELETE", `/messages/${second.body.data.id}`, {
      body: { permanent: true },
    });
    expect(permanent.status).toBe(200);
    expectError(await chatCall(server, "GET", `/messages/${second.body.data.id}`), 404, "ERR_MESSAGE_ID_NOT_FOUND");
    expect((await conversation()).body.data[0].lastMessage.id).toBe(first.body.data.id);
    expectBadRequest(
      await chatCall(server, "DELETE", `/messages/${first.body.data.id}`, { body: { permanent: "yes" } }),
      "permanent",
    );
  });
});
