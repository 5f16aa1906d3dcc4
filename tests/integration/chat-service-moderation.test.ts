import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";

type Call = { status: number; body: any };

function expectError(call: Call, status: number, code: string) {
  expect(call.status).toBe(status);
  expect(call.body.error).toMatchObject({ code, source: "chat-api" });
}

function expectBadRequest(call: Call, field: string) {
  expectError(call, 400, "ERR_BAD_REQUEST");
  expect(call.body.error.details[field]).toEqual([expect.any(String)]);
}

describe.each(await databaseKinds())("embedded chat API v3, reports, deactivation and groups, on %s", (database) => {
  let server: ConsoleServer;
  const send = (onBehalfOf: string, receiver: string, text: string) =>
    chatCall(server, "POST", "/messages", { onBehalfOf, body: { receiver, receiverType: "group", data: { text } } });
  const flagged = async () =>
    (await chatCall(server, "GET", "/moderation/flagged-messages?limit=1000")).body.data as any[];

  beforeAll(async () => {
    server = await startConsole({ database });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("has the vendor's default reasons, and adds one", async () => {
    const reasons = await chatCall(server, "GET", "/moderation/reasons");
    expect(reasons.body.data.map((reason: any) => reason.id)).toEqual(
      expect.arrayContaining(["spam", "harassment", "inappropriate"]),
    );
    expect(reasons.body.data[0]).toMatchObject({
      name: expect.any(String),
      default: true,
      createdAt: expect.any(Number),
    });
    expect(reasons.body.meta.current).toEqual({ limit: reasons.body.data.length, count: reasons.body.data.length });
    const created = await chatCall(server, "POST", "/moderation/reasons", {
      body: { id: "scam-link", name: "Scam link" },
    });
    expect(created.body.data).toMatchObject({ id: "scam-link", name: "Scam link", default: false });
    expectError(
      await chatCall(server, "POST", "/moderation/reasons", { body: { id: "scam-link", name: "Again" } }),
      400,
      "ERR_REASON_ALREADY_EXISTS",
    );
    expectBadRequest(await chatCall(server, "POST", "/moderation/reasons", { body: { id: "no name" } }), "id");
  });

  it("flags a message once a user (a second flag replaces the first), lists it with its reporters, and reviews it once", async () => {
    const message = await send("cometchat-uid-3", "cometchat-guid-1", "Buy cheap boots at https://spam.example");
    const id = message.body.data.id as string;
    const flag = (uid: string, reasonId: string, remark: string) =>
      chatCall(server, "POST", `/messages/${id}/flagged`, { onBehalfOf: uid, body: { reasonId, remark } });
    expect((await flag("cometchat-uid-1", "spam", "an ad")).body.data).toEqual({
      success: true,
      message: `The message with id ${id} has been flagged successfully.`,
    });
    await flag("cometchat-uid-2", "inappropriate", "not here");
    await flag("cometchat-uid-2", "harassment", "changed my mind");
    const item = (await flagged()).find((entry) => entry.id === id);
    expect(item).toMatchObject({
      id,
      sender: "cometchat-uid-3",
      data: { text: expect.stringContaining("boots") },
      flaggedCount: 2,
    });
    expect(item.flaggedBy).toEqual([
      expect.objectContaining({
        uid: "cometchat-uid-1",
        name: "Andrew Joseph",
        reasonId: "spam",
        reasonName: "Spam",
        remark: "an ad",
        flaggedAt: expect.any(Number),
      }),
      expect.objectContaining({ uid: "cometchat-uid-2", reasonId: "harassment", remark: "changed my mind" }),
    ]);
    expectError(await flag("cometchat-uid-1", "no-such-reason", ""), 404, "ERR_REASON_NOT_FOUND");
    expectError(await flag("camille-dubois", "spam", ""), 403, "ERR_MESSAGE_NO_ACCESS");
    expectBadRequest(
      await chatCall(server, "POST", `/messages/${id}/flagged`, { onBehalfOf: "cometchat-uid-1", body: {} }),
      "reasonId",
    );
    expectBadRequest(
      await chatCall(server, "POST", `/messages/${id}/flagged`, { body: { reasonId: "spam" } }),
      "onBehalfOf",
    );
    expectError(
      await chatCall(server, "POST", "/messages/999999999/flagged", {
        onBehalfOf: "cometchat-uid-1",
        body: { reasonId: "spam" },
      }),
      404,
      "ERR_MESSAGE_ID_NOT_FOUND",
    );

    const review = (status: string) =>
      chatCall(server, "PATCH", `/moderation/flagged-messages/${id}`, { body: { status } });
    expectBadRequest(await review("maybe"), "status");
    expect((await review("disapproved")).body.data).toMatchObject({ success: true });
    expect((await flagged()).some((entry) => entry.id === id)).toBe(false);
    expect((await chatCall(server, "GET", `/messages/${id}`)).body.data).toMatchObject({ deletedBy: "app_system" });
    expectError(await review("approved"), 404, "ERR_FLAGGED_MESSAGE_NOT_FOUND");
  });

  it("an approved message leaves the list and stays visible", async () => {
    const message = await send("cometchat-uid-4", "cometchat-guid-1", "Harmless trail question");
    const id = message.body.data.id as string;
    await chatCall(server, "POST", `/messages/${id}/flagged`, {
      onBehalfOf: "cometchat-uid-1",
      body: { reasonId: "spam" },
    });
    expect(
      (await chatCall(server, "PATCH", `/moderation/flagged-messages/${id}`, { body: { status: "approved" } })).status,
    ).toBe(200);
    expect((await flagged()).some((entry) => entry.id === id)).toBe(false);
    expect((await chatCall(server, "GET", `/messages/${id}`)).body.data.deletedAt).toBeUndefined();
  });

  it("deactivates: every call answers ERR_UID_NOT_FOUND; reactivates with the data intact", async () => {
    const uid = "amara-okafor";
    const before = await chatCall(server, "GET", `/messages?sender=${uid}&limit=1000`);
    const conversationsBefore = await chatCall(server, "GET", "/conversations", { onBehalfOf: uid });
    const off = await chatCall(server, "DELETE", "/users", { body: { uidsToDeactivate: [uid, "nobody-at-all"] } });
    expect(off.body.data).toEqual({ deactivatedUids: [uid] });
    expectError(await chatCall(server, "GET", `/users/${uid}`), 404, "ERR_UID_NOT_FOUND");
    expectError(await chatCall(server, "GET", "/conversations", { onBehalfOf: uid }), 404, "ERR_UID_NOT_FOUND");
    expectError(
      await chatCall(server, "GET", "/users/cometchat-uid-1/conversation", { onBehalfOf: uid }),
      404,
      "ERR_UID_NOT_FOUND",
    );
    expectError(
      await chatCall(server, "GET", "/users/cometchat-uid-1/messages", { onBehalfOf: uid }),
      404,
      "ERR_UID_NOT_FOUND",
    );
    expectError(await send(uid, "cometchat-guid-1", "still here?"), 404, "ERR_UID_NOT_FOUND");
    expectError(
      await chatCall(server, "POST", `/users/${uid}/blockedusers`, { body: { blockedUids: ["kevin-price"] } }),
      404,
      "ERR_UID_NOT_FOUND",
    );
    const blocked = await chatCall(server, "POST", "/users/cometchat-uid-3/blockedusers", {
      body: { blockedUids: [uid] },
    });
    expect(blocked.body.data[uid]).toMatchObject({ success: false });
    const list = (query: string) => chatCall(server, "GET", `/users?searchKey=amara${query}`);
    expect((await list("")).body.data).toEqual([]);
    expect((await list("&onlyDeactivated=true")).body.data).toEqual([
      expect.objectContaining({ uid, deactivatedAt: expect.any(Number) }),
    ]);
    expect((await list("&withDeactivated=true")).body.data.map((user: any) => user.uid)).toContain(uid);
    const members = await chatCall(server, "GET", "/groups/cometchat-guid-1/members?perPage=1000");
    expect(members.body.data.map((member: any) => member.uid)).not.toContain(uid);

    const on = await chatCall(server, "PUT", "/users", { body: { uidsToActivate: [uid] } });
    expect(on.body.data).toEqual({ nonDeactivatedUids: [uid] });
    expect((await chatCall(server, "GET", `/users/${uid}`)).body.data).not.toHaveProperty("deactivatedAt");
    expect((await chatCall(server, "GET", `/messages?sender=${uid}&limit=1000`)).body.data).toEqual(before.body.data);
    expect((await chatCall(server, "GET", "/conversations", { onBehalfOf: uid })).body.meta.pagination.total).toBe(
      conversationsBefore.body.meta.pagination.total,
    );
    expectBadRequest(
      await chatCall(server, "DELETE", "/users", { body: { uidsToDeactivate: [] } }),
      "uidsToDeactivate",
    );
    expectBadRequest(
      await chatCall(server, "PUT", "/users", { body: { uidsToActivate: ["bad uid"] } }),
      "uidsToActivate.0",
    );
  });

  it("lists and reads groups, and lists members with scope and joinedAt", async () => {
    const groups = await chatCall(server, "GET", "/groups?searchKey=hiking");
    expect(groups.body.data).toEqual([
      expect.objectContaining({
        guid: "cometchat-guid-1",
        name: "Hiking Group",
        type: "public",
        membersCount: expect.any(Number),
        conversationId: "group_cometchat-guid-1",
      }),
    ]);
    expect(groups.body.meta.pagination).toMatchObject({ total: 1, count: 1 });
    const group = await chatCall(server, "GET", "/groups/cometchat-guid-1", { onBehalfOf: "cometchat-uid-2" });
    expect(group.body.data).toMatchObject({
      guid: "cometchat-guid-1",
      hasJoined: true,
      scope: "moderator",
      joinedAt: expect.any(Number),
    });
    expectError(await chatCall(server, "GET", "/groups/no-such-group"), 404, "ERR_GUID_NOT_FOUND");
    const admins = await chatCall(server, "GET", "/groups/cometchat-guid-1/members?scopes=admin");
    expect(admins.body.data).toEqual([
      expect.objectContaining({ uid: "cometchat-uid-1", scope: "admin", joinedAt: expect.any(Number) }),
    ]);
    expectBadRequest(await chatCall(server, "GET", "/groups/cometchat-guid-1/members?scopes=owner"), "scopes");
  });

  it("kicks, bans (no longer a member, cannot be added back), lists the banned, and unbans, with the vendor's error codes", async () => {
    const guid = "weekend-cyclists";
    const path = (uid: string) => `/groups/${guid}/bannedusers/${uid}`;
    const memberUids = async () =>
      (await chatCall(server, "GET", `/groups/${guid}/members?perPage=1000`)).body.data.map(
        (member: any) => member.uid,
      );
    expectError(
      await chatCall(server, "POST", path("freya-nielsen"), { onBehalfOf: "kenji-watanabe" }),
      403,
      "ERR_GROUP_NO_CLEARANCE",
    );
    expectError(
      await chatCall(server, "POST", path("lucia-romero"), { onBehalfOf: "lucia-romero" }),
      400,
      "ERR_GROUP_NO_SELF_ACTION",
    );
    const banned = await chatCall(server, "POST", path("freya-nielsen"), { onBehalfOf: "lucia-romero" });
    expect(banned.body.data).toEqual({
      success: true,
      message: `The user with uid freya-nielsen has been banned from the Group with ${guid}.`,
    });
    expect(await memberUids()).not.toContain("freya-nielsen");
    expectError(await chatCall(server, "POST", path("freya-nielsen")), 400, "ERR_ALREADY_BANNED");
    expectError(await send("freya-nielsen", guid, "let me back"), 400, "ERR_BANNED_GROUPMEMBER");
    const rejoin = await chatCall(server, "POST", `/groups/${guid}/members`, {
      body: { participants: ["freya-nielsen"] },
    });
    expect(rejoin.body.data.participants["freya-nielsen"]).toMatchObject({
      success: false,
      code: "ERR_BANNED_GROUPMEMBER",
    });
    const list = await chatCall(server, "GET", `/groups/${guid}/bannedusers`);
    expect(list.body.data).toEqual([
      expect.objectContaining({ uid: "freya-nielsen", isBanned: true, scope: "participant" }),
    ]);
    const unbanned = await chatCall(server, "DELETE", path("freya-nielsen"));
    expect(unbanned.body.data).toMatchObject({ success: true });
    expectError(await chatCall(server, "DELETE", path("freya-nielsen")), 400, "ERR_NOT_A_BANNED_USER");
    expect(await memberUids()).not.toContain("freya-nielsen");
    const added = await chatCall(server, "POST", `/groups/${guid}/members`, {
      body: { participants: ["freya-nielsen"] },
    });
    expect(added.body.data.participants["freya-nielsen"]).toEqual({ success: true });
    expect(await memberUids()).toContain("freya-nielsen");

    const kicked = await chatCall(server, "DELETE", `/groups/${guid}/members/kenji-watanabe`);
    expect(kicked.body.data).toEqual({
      success: true,
      message: `The member with kenji-watanabe has been kicked from the Group with ${guid}.`,
    });
    expectError(await chatCall(server, "DELETE", `/groups/${guid}/members/kenji-watanabe`), 400, "ERR_NOT_A_MEMBER");
    expectError(await chatCall(server, "DELETE", `/groups/${guid}/members/nobody-here`), 404, "ERR_UID_NOT_FOUND");
    expectError(
      await chatCall(server, "DELETE", `/groups/no-such-group/members/kenji-watanabe`),
      404,
      "ERR_GUID_NOT_FOUND",
    );
    expectError(await chatCall(server, "POST", path("tomas-silva")), 403, "ERR_GROUP_NO_CLEARANCE");
  });

  it("counts the new endpoints against the rate limit, injects faults into them and journals what they changed", async () => {
    await chatCall(server, "DELETE", "/embedded/journal");
    await chatCall(server, "PUT", "/embedded/settings", {
      body: { journal: true, rateLimitBurst: 1, pathPattern: "^/moderation" },
    });
    const limited = await chatCall(server, "GET", "/moderation/flagged-messages");
    expectError(limited, 429, "ERR_TOO_MANY_REQUESTS");
    await chatCall(server, "PUT", "/embedded/settings", {
      body: { errorRate: 1, errorStatus: "503", pathPattern: "^/groups" },
    });
    expect((await chatCall(server, "GET", "/groups")).status).toBe(503);
    await chatCall(server, "PUT", "/embedded/settings", { body: { errorRate: 0, pathPattern: "" } });
    const call = await chatCall(server, "GET", "/messages?limit=1");
    expect(Number(call.headers.get("X-RateLimit-Remaining"))).toBeLessThan(
      Number(call.headers.get("X-RateLimit-Limit")),
    );
    await chatCall(server, "POST", "/groups/slow-reads-book-club/bannedusers/wei-chen");
    const journal = await chatCall(server, "GET", "/embedded/journal");
    expect(journal.body.data).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/groups/slow-reads-book-club/bannedusers/wei-chen",
        uids: ["wei-chen"],
      }),
    ]);
    await chatCall(server, "DELETE", "/embedded/settings");
  });
});
