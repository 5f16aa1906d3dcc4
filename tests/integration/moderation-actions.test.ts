import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, startConsoleBehind, type ConsoleServer } from "../support/console-server";
import { callActionOver, exportedEntries, signIn, type Session } from "../support/console-session";
import { startReverseProxy, type ReverseProxy } from "../support/reverse-proxy";
import { waitFor } from "../support/wait-for";

const ADMIN = { email: "admin@example.com", password: "admin-password-123" };
const TIMEOUT_MS = 1000;
const GUID = "cometchat-guid-1";
const SENDER = "it-sender-0";

/**
 * The workspace's and the group page's actions against a chat service that misbehaves: a message's
 * deletion that the service carries out after the console stopped waiting (the DELETE reaches it 1.5 s
 * late, with a 1 s time-out), and a kick the service answers with a 500. Neither is shown as done, and
 * the log has both, with what is known.
 */
describe.each(await databaseKinds())("deleting a message, deactivating and kicking, on %s", (kind) => {
  let chatService: ConsoleServer;
  let slowNetwork: ReverseProxy;
  let server: ConsoleServer;
  let admin: Session;

  beforeAll(async () => {
    chatService = await startConsole();
    slowNetwork = await startReverseProxy({
      target: Number(new URL(chatService.baseUrl).port),
      delayMs: (method, path) => (method === "DELETE" && path.includes("/messages/") ? TIMEOUT_MS * 1.5 : 0),
    });
    server = await startConsoleBehind(slowNetwork, chatService, {
      database: kind,
      timeoutMs: TIMEOUT_MS,
      admin: ADMIN,
    });
    admin = await signIn(server, ADMIN);
    expect(
      (await chatCall(chatService, "POST", "/embedded/users", { body: { prefix: "it-sender", count: 1 } })).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
    await slowNetwork?.stop();
    await chatService?.stop();
  });

  it("a deletion whose answer never came is outcome unknown, never done nor failed, and the log keeps the text", async () => {
    const sent = await chatCall(chatService, "POST", "/messages", {
      onBehalfOf: SENDER,
      body: { receiver: "amara-okafor", receiverType: "user", data: { text: "buy followers at spam.example" } },
    });
    expect(sent.status).toBe(200);
    const id = String(sent.body.data.id);

    const result = await callActionOver(
      server,
      admin,
      "deleteMessageAction",
      { messageId: id, sender: SENDER, owner: "amara-okafor", permanent: false, reason: "spam" },
      "/users/amara-okafor",
    );
    expect(result).toMatchObject({ ok: false, code: "OUTCOME_UNKNOWN" });
    expect(result.ok ? "" : result.message).toMatch(/not known whether this took effect/);

    const entries = await exportedEntries(server, admin, { uid: SENDER, action: "message.delete" });
    const requested = entries.find((entry) => entry.outcome === "requested");
    const completion = entries.find((entry) => entry.outcome !== "requested");
    expect(requested).toMatchObject({ reason: "spam", targetUid: SENDER });
    expect(completion).toMatchObject({
      outcome: "unknown",
      errorCode: "TIMEOUT",
      summary: { messageId: id, sender: SENDER, snapshot: { text: "buy followers at spam.example" } },
    });
    // Filed under the owner whose view it was too.
    const byOwner = await exportedEntries(server, admin, { uid: "amara-okafor", action: "message.delete" });
    expect(byOwner.map((entry) => entry.operationId)).toContain(completion?.operationId);

    // It did take effect, late: which is why the console never said "failed".
    await waitFor(
      "the late deletion at the chat service",
      () => chatCall(chatService, "GET", `/messages/${id}`),
      (answer) => typeof answer.body.data?.deletedAt === "number",
      10_000,
    );
  });

  it("a deletion that succeeds keeps a snapshot of the text in the log", async () => {
    const sent = await chatCall(chatService, "POST", "/messages", {
      onBehalfOf: SENDER,
      body: { receiver: "amara-okafor", receiverType: "user", data: { text: "snapshot me https://spam.example/x" } },
    });
    // The slow DELETE outlasts the time-out: reach the service straight for this one.
    const direct = await startConsole({
      env: {
        CHAT_API_BASE_URL: `${chatService.baseUrl}/v3`,
        CHAT_API_KEY: chatService.apiKey,
        CONSOLE_ADMIN_EMAIL: ADMIN.email,
        CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      },
    });
    try {
      const session = await signIn(direct, ADMIN);
      const id = String(sent.body.data.id);
      const input = { messageId: id, sender: SENDER, permanent: false, reason: "spam" };
      const wrongSender = await callActionOver(
        direct,
        session,
        "deleteMessageAction",
        { ...input, sender: "amara-okafor" },
        `/groups/${GUID}`,
      );
      expect(wrongSender).toMatchObject({ ok: false, code: "REFUSED" });
      expect(wrongSender.ok ? "" : wrongSender.message).toContain("was sent by it-sender-0, not amara-okafor");
      expect(await callActionOver(direct, session, "deleteMessageAction", input, `/groups/${GUID}`)).toMatchObject({
        ok: true,
      });
      const completion = (await exportedEntries(direct, session, { action: "message.delete" })).find(
        (entry) => entry.outcome === "succeeded",
      );
      expect(completion).toMatchObject({
        summary: {
          messageId: id,
          sender: SENDER,
          permanent: false,
          snapshot: { text: "snapshot me https://spam.example/x" },
        },
      });
    } finally {
      await direct.stop();
    }
  });

  it("a kick the chat service answers with a 500 says so, and is logged as failed with the status", async () => {
    const faults = await chatCall(chatService, "PUT", "/embedded/settings", {
      body: { errorRate: 1, errorStatus: "500", pathPattern: "/members/" },
    });
    expect(faults.status).toBe(200);
    try {
      const result = await callActionOver(
        server,
        admin,
        "kickGroupMemberAction",
        { guid: GUID, uid: SENDER, reason: "spam" },
        `/groups/${GUID}`,
      );
      expect(result).toMatchObject({ ok: false });
      expect(result.ok ? "" : result.message).toMatch(/chat service/i);
    } finally {
      await chatCall(chatService, "DELETE", "/embedded/settings");
    }
    const entries = await exportedEntries(server, admin, { uid: GUID, action: "group.member.kick" });
    expect(entries.find((entry) => entry.outcome !== "requested")).toMatchObject({
      outcome: "failed",
      httpStatus: 500,
    });
  });

  it("deactivating and reactivating name the account in the log, and an unknown account is refused", async () => {
    const input = { uid: "tomas-silva", reason: "test" };
    expect(await callActionOver(server, admin, "deactivateUserAction", input, "/users/tomas-silva")).toMatchObject({
      ok: true,
    });
    expect((await chatCall(chatService, "GET", "/users/tomas-silva")).status).toBe(404);
    expect(await callActionOver(server, admin, "reactivateUserAction", input, "/users/tomas-silva")).toMatchObject({
      ok: true,
    });
    expect((await chatCall(chatService, "GET", "/users/tomas-silva")).status).toBe(200);
    const actions = (await exportedEntries(server, admin, { uid: "tomas-silva" }))
      .filter((entry) => entry.outcome === "succeeded")
      .map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["user.deactivate", "user.reactivate"]));

    const unknown = await callActionOver(
      server,
      admin,
      "deactivateUserAction",
      { uid: "nobody-at-all", reason: "x" },
      "/users/nobody-at-all",
    );
    expect(unknown).toMatchObject({ ok: false, code: "REFUSED" });
    expect(unknown.ok ? "" : unknown.message).toBe(
      "The chat service has no user nobody-at-all, so nothing was deactivated.",
    );
  });
});
