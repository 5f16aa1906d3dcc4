import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, startConsoleBehind, type ConsoleServer } from "../support/console-server";
import { callActionOver, exportedEntries, signIn, type Session } from "../support/console-session";
import { startReverseProxy, type ReverseProxy } from "../support/reverse-proxy";
import { waitFor } from "../support/wait-for";

const ADMIN = { email: "admin@example.com", password: "admin-password-123" };
const TIMEOUT_MS = 1000;
const GUID = "cometchat-guid-1";
const SENDER = "lost-sender-0";

type Case = {
  name: string;
  action: string;
  input: Record<string, unknown>;
  /** The UID the action's log entries are found by, and the action's own name there. */
  uid: string;
  logged: string;
  settle: string;
  /** The settled item (a UID, or a message id) and its outcome. */
  item: string;
  outcome: string;
  settled: "succeeded" | "failed";
};

/**
 * Every workspace call the chat service carries out (or refuses) after the console stopped waiting:
 * the call reaches the real embedded service 1.5 s after it was sent, with a 1 s time-out, while reads
 * pass at once. Each is outcome unknown to the moderator, with the time it is settled; then the one
 * settlement of lost answers reads the service and logs, by the system and under the lost operation,
 * what the call did: kicked, banned, unbanned, deactivated, reactivated, deleted, or nothing at all.
 */
describe.each(await databaseKinds())("lost answers of the workspace's calls, settled one way, on %s", (kind) => {
  let chatService: ConsoleServer;
  let slowNetwork: ReverseProxy;
  let server: ConsoleServer;
  let admin: Session;
  let messageId = "";
  const members: string[] = [];

  beforeAll(async () => {
    chatService = await startConsole();
    slowNetwork = await startReverseProxy({
      target: Number(new URL(chatService.baseUrl).port),
      delayMs: (method, path) => {
        if (method === "GET") return 0;
        const slow =
          /\/v3\/groups\/[^/]+\/(members|bannedusers)\//.test(path) || /^\/v3\/(users|messages\/)/.test(path);
        return slow ? TIMEOUT_MS * 1.5 : 0;
      },
    });
    server = await startConsoleBehind(slowNetwork, chatService, {
      database: kind,
      timeoutMs: TIMEOUT_MS,
      admin: ADMIN,
    });
    admin = await signIn(server, ADMIN);
    expect(
      (await chatCall(chatService, "POST", "/embedded/users", { body: { prefix: "lost-sender", count: 1 } })).status,
    ).toBe(200);
    const sent = await chatCall(chatService, "POST", "/messages", {
      onBehalfOf: SENDER,
      body: { receiver: "amara-okafor", receiverType: "user", data: { text: "cheap followers at spam.example" } },
    });
    messageId = String(sent.body.data.id);
    const listed = await chatCall(chatService, "GET", `/groups/${GUID}/members?perPage=100`);
    const participants = (listed.body.data as Array<{ uid: string; scope: string }>)
      .filter((member) => member.scope === "participant")
      .map((member) => member.uid);
    members.push(...participants.slice(0, 3));
    expect(members).toHaveLength(3);
    // To be unbanned, and reactivated, by the console.
    await chatCall(chatService, "POST", `/groups/${GUID}/bannedusers/${members[2]}`);
    await chatCall(chatService, "DELETE", "/users", { body: { uidsToDeactivate: ["tomas-silva"] } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await slowNetwork?.stop();
    await chatService?.stop();
  });

  const memberCase = (action: string, uid: string, outcome: string): Case => ({
    name: `${action} of ${uid}`,
    action: `${action}GroupMemberAction`,
    input: { guid: GUID, uid, reason: "lost answer" },
    uid,
    logged: `group.member.${action}`,
    settle: "group.member.settle",
    item: uid,
    outcome,
    settled: "succeeded",
  });
  const accountCase = (verb: "deactivate" | "reactivate", uid: string): Case => ({
    name: `${verb} of ${uid}`,
    action: `${verb}UserAction`,
    input: { uid, reason: "lost answer" },
    uid,
    logged: `user.${verb}`,
    settle: "user.settle",
    item: uid,
    outcome: `${verb}d`,
    settled: "succeeded",
  });
  const cases = (): Case[] => [
    memberCase("kick", members[0]!, "kicked"),
    memberCase("ban", members[1]!, "banned"),
    memberCase("unban", members[2]!, "unbanned"),
    // The service refuses it, late: the settlement finds nothing done, and says so.
    { ...memberCase("ban", "nobody-at-all", "failed"), settled: "failed" },
    accountCase("deactivate", "brittany-cole"),
    accountCase("reactivate", "tomas-silva"),
    {
      name: "message deletion",
      action: "deleteMessageAction",
      input: { messageId, sender: SENDER, owner: "amara-okafor", permanent: false, reason: "lost answer" },
      uid: SENDER,
      logged: "message.delete",
      settle: "message.settle",
      item: messageId,
      outcome: "deleted",
      settled: "succeeded",
    },
  ];

  it("each is outcome unknown with the time it is settled, then settled by the system under it", async () => {
    const all = cases();
    for (const call of all) {
      const result = await callActionOver(server, admin, call.action, call.input, "/");
      expect(result, call.name).toMatchObject({ ok: false, code: "OUTCOME_UNKNOWN" });
      expect(result.ok ? "" : result.message, call.name).toMatch(
        /not known whether this took effect: it may have\. At \d\d:\d\d:\d\d UTC, once the call can no longer take effect, the console reads the chat service's state and records the outcome in the action log\./,
      );
    }
    for (const call of all) {
      const [completion] = (await exportedEntries(server, admin, { uid: call.uid, action: call.logged })).filter(
        (entry) => entry.outcome !== "requested",
      );
      expect(completion, call.name).toMatchObject({ outcome: "unknown" });
      const [settlement] = await waitFor(
        `the settlement of the ${call.name}`,
        async () =>
          (await exportedEntries(server, admin, { job: String(completion!.operationId) })).filter(
            (entry) => entry.action === call.settle && entry.outcome !== "requested",
          ),
        (found) => found.length > 0,
        40_000,
      );
      expect(settlement, call.name).toMatchObject({
        outcome: call.settled,
        actorRole: "system",
        parentOperationId: completion!.operationId,
        summary: { outcomes: { [call.item]: { outcome: call.outcome } } },
      });
    }
    // The service's state agrees with what was settled.
    const banned = await chatCall(chatService, "GET", `/groups/${GUID}/bannedusers?perPage=100`);
    const bannedUids = (banned.body.data as Array<{ uid: string }>).map((user) => user.uid);
    expect(bannedUids).toContain(members[1]);
    expect(bannedUids).not.toContain(members[2]);
    expect((await chatCall(chatService, "GET", "/users/brittany-cole")).status).toBe(404);
    expect((await chatCall(chatService, "GET", "/users/tomas-silva")).status).toBe(200);
  }, 120_000);
});
