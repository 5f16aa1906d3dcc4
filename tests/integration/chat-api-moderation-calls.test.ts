import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApiClient, type ChatApiClient } from "@/lib/chat-api/client";
import { ChatApiError } from "@/lib/chat-api/errors";
import { startConsole, type ConsoleServer } from "../support/console-server";

// The client's moderation calls against the embedded service over real HTTP, on its demo raid.
let server: ConsoleServer;
let client: ChatApiClient;

beforeAll(async () => {
  server = await startConsole();
  client = createChatApiClient({ baseUrl: server.chatBaseUrl, apiKey: server.apiKey, timeoutMs: 5000 });
});
afterAll(async () => {
  await server?.stop();
});

const HIKING = "cometchat-guid-1";

async function failureOf(promise: Promise<unknown>): Promise<ChatApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChatApiError);
  return error as ChatApiError;
}

describe("messages", () => {
  it("pages a group's messages newest first by the vendor's cursor, with its filters", async () => {
    const first = await client.listMessages({ kind: "group", guid: HIKING }, { limit: 5 });
    expect(first.data.data).toHaveLength(5);
    const sentAts = first.data.data.map((message) => message.sentAt ?? 0);
    expect([...sentAts].sort((a, b) => b - a)).toEqual(sentAts);
    const cursor = first.data.meta?.next;
    expect(cursor).toMatchObject({ affix: "prepend", id: first.data.data.at(-1)?.id });
    const second = await client.listMessages({ kind: "group", guid: HIKING }, { limit: 5, cursor });
    expect(second.data.data).toHaveLength(5);
    const firstIds = new Set(first.data.data.map((message) => message.id));
    expect(second.data.data.some((message) => firstIds.has(message.id))).toBe(false);

    const withLinks = await client.listMessages({ kind: "group", guid: HIKING }, { hasLinks: true, limit: 100 });
    expect(withLinks.data.data.length).toBeGreaterThan(0);
    expect(withLinks.data.data.every((message) => /https?:\/\//.test(message.data?.text ?? ""))).toBe(true);
  });

  it("reads a conversation as one of its users sees it, and one message", async () => {
    const page = await client.listMessages({ kind: "app" }, { receiverType: "user", limit: 1 });
    const [message] = page.data.data;
    expect(message?.receiver).toBeDefined();
    const conversation = await client.listMessages(
      { kind: "user", uid: message!.sender!, onBehalfOf: message!.receiver! },
      { limit: 10 },
    );
    expect(conversation.data.data.map((each) => each.id)).toContain(message!.id);
    expect((await client.getMessage(message!.id)).data).toMatchObject({ id: message!.id, sender: message!.sender });
  });

  it("deletes softly by default, and answers ERR_MESSAGE_ID_NOT_FOUND for an unknown id", async () => {
    const [message] = (await client.listMessages({ kind: "group", guid: HIKING }, { limit: 1 })).data.data;
    const deleted = await client.deleteMessage(message!.id, { permanent: false });
    expect(deleted.data).toMatchObject({ id: message!.id, deletedAt: expect.any(Number) });
    expect((await client.getMessage(message!.id)).data.deletedAt).toEqual(expect.any(Number));
    expect((await failureOf(client.getMessage("999999999"))).code).toBe("ERR_MESSAGE_ID_NOT_FOUND");
  });
});

describe("reports", () => {
  it("lists the flagged messages with their reporters, reviews one, and lists the reasons", async () => {
    const page = await client.listFlaggedMessages({ limit: 100, page: 1 });
    expect(page.data.data.length).toBeGreaterThan(0);
    const [flagged] = page.data.data;
    expect(flagged!.flaggedBy[0]).toMatchObject({ uid: expect.any(String), reasonId: expect.any(String) });
    expect(flagged!.flaggedCount).toBe(flagged!.flaggedBy.length);
    await client.reviewFlaggedMessage(flagged!.id, "approved");
    const after = await client.listFlaggedMessages({ limit: 100, page: 1 });
    expect(after.data.data.map((each) => each.id)).not.toContain(flagged!.id);
    const reasons = await client.listReportReasons();
    expect(reasons.data.map((reason) => reason.id)).toEqual(expect.arrayContaining(["spam", "harassment"]));
  });
});

describe("accounts and groups", () => {
  it("deactivates and reactivates, and lists deactivated accounts", async () => {
    const uid = "kwame-mensah";
    expect((await client.deactivateUsers([uid])).data.deactivatedUids).toEqual([uid]);
    expect((await failureOf(client.getUser(uid))).code).toBe("ERR_UID_NOT_FOUND");
    const deactivated = await client.listUsers({ searchKey: uid, page: 1, perPage: 10, onlyDeactivated: true });
    expect(deactivated.data.data.map((user) => user.uid)).toEqual([uid]);
    expect((await client.reactivateUsers([uid])).data.nonDeactivatedUids).toEqual([uid]);
    expect((await client.getUser(uid)).data.uid).toBe(uid);
  });

  it("reads a group and its members, bans, unbans and kicks", async () => {
    expect((await client.getGroup(HIKING)).data).toMatchObject({ guid: HIKING, name: "Hiking Group" });
    const members = await client.listGroupMembers(HIKING, { page: 1, perPage: 100, scopes: ["participant"] });
    const member = members.data.data.find((each) => each.uid !== "cometchat-uid-1");
    expect(member).toMatchObject({ scope: "participant", joinedAt: expect.any(Number) });
    expect((await client.banGroupMember(HIKING, member!.uid)).data.success).toBe(true);
    const banned = await client.listBannedUsers(HIKING, { page: 1, perPage: 100 });
    expect(banned.data.data.map((user) => user.uid)).toContain(member!.uid);
    expect((await failureOf(client.banGroupMember(HIKING, member!.uid))).code).toBe("ERR_ALREADY_BANNED");
    expect((await client.unbanGroupMember(HIKING, member!.uid)).data.success).toBe(true);

    const [other] = (
      await client.listGroupMembers(HIKING, { page: 1, perPage: 100, scopes: ["participant"] })
    ).data.data.filter((each) => each.uid !== member!.uid);
    expect((await client.kickGroupMember(HIKING, other!.uid)).data.success).toBe(true);
    const after = await client.listGroupMembers(HIKING, { page: 1, perPage: 1000 });
    expect(after.data.data.map((each) => each.uid)).not.toContain(other!.uid);
  });
});
