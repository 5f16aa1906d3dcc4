import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";
import { callActionOver, exportedEntries, readOver, signIn, type Session } from "../support/console-session";
import { startReverseProxy, type ReverseProxy } from "../support/reverse-proxy";
import { waitFor } from "../support/wait-for";

const ADMIN = { email: "admin@example.com", password: "admin-password-123" };
const TIMEOUT_MS = 1000;
const FLAGGER = "cometchat-uid-1";
const GROUP = "cometchat-guid-1";

type Flagged = { id: string; sender: string };

/**
 * The console's index of reports against the real embedded chat service, seen through a network the
 * test controls: the flagged list's second page comes late, and while it is on its way the test
 * decides some reports and flags other messages at the service, so that the pages the console reads
 * do not fit together; a review's answer comes after the console's time-out.
 */
describe.each(await databaseKinds())("the index of reports on %s", (database) => {
  let chatService: ConsoleServer;
  let network: ReverseProxy;
  let server: ConsoleServer;
  let admin: Session;
  /** Set by the test: what to do at the service once the console asks for the second page. */
  let onSecondPage: (() => Promise<void>) | undefined;
  let changing: Promise<void> | undefined;
  /** The message whose review's answer comes after the console's time-out. */
  let lateReview: string | undefined;

  const pending = async (): Promise<Flagged[]> =>
    (await chatCall(chatService, "GET", "/moderation/flagged-messages?limit=1000")).body.data;
  const openInIndex = async () =>
    (await readOver<{ open: number }>(server, admin, "/api/reports/open-count")).body as { data: { open: number } };
  const refresh = () =>
    callActionOver<{ seen: number; gone: number }>(server, admin, "refreshReportsAction", {}, "/reports");

  beforeAll(async () => {
    chatService = await startConsole();
    // More reports than one page of the console's reads (100): a member flags the group's messages.
    const messages = await chatCall(chatService, "GET", `/groups/${GROUP}/messages?limit=300&category=message`, {
      onBehalfOf: FLAGGER,
    });
    const others = (messages.body.data as Flagged[]).filter((message) => message.sender !== FLAGGER);
    for (const message of others.slice(0, 120))
      await chatCall(chatService, "POST", `/messages/${message.id}/flagged`, {
        onBehalfOf: FLAGGER,
        body: { reasonId: "spam", remark: "test" },
      });
    network = await startReverseProxy({
      target: Number(new URL(chatService.baseUrl).port),
      delayMs: (method, path) => {
        if (method === "PATCH" && lateReview && path.endsWith(`/moderation/flagged-messages/${lateReview}`))
          return TIMEOUT_MS * 1.5;
        if (method === "DELETE" && path === "/v3/users") return TIMEOUT_MS * 1.5;
        if (method !== "GET" || !path.startsWith("/v3/moderation/flagged-messages") || !path.includes("page=2"))
          return 0;
        const change = onSecondPage;
        onSecondPage = undefined;
        if (change) changing = change();
        return change ? TIMEOUT_MS * 0.7 : 0;
      },
    });
    server = await startConsole({
      database,
      env: {
        CHAT_API_BASE_URL: `${network.url}/v3`,
        CHAT_API_KEY: chatService.apiKey,
        CHAT_API_TIMEOUT_MS: String(TIMEOUT_MS),
        CONSOLE_ADMIN_EMAIL: ADMIN.email,
        CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      },
    });
    admin = await signIn(server, ADMIN);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await network?.stop();
    await chatService?.stop();
  });

  it("keeps every report still waiting when the list changes under its read, and lets go those decided elsewhere", async () => {
    const before = await pending();
    expect(before.length).toBeGreaterThan(150);
    expect((await refresh()).ok).toBe(true);
    expect((await openInIndex()).data.open).toBe(before.length);

    // While the console waits for the second page: five reports of the first page are decided at the
    // service (the rest move up, and the first read skips five), and three more messages are flagged.
    const decidedElsewhere = before.slice(0, 5);
    const unflagged = (
      (
        await chatCall(chatService, "GET", `/groups/${GROUP}/messages?limit=1000&category=message`, {
          onBehalfOf: FLAGGER,
        })
      ).body.data as Flagged[]
    ).filter((message) => message.sender !== FLAGGER && !before.some((flagged) => flagged.id === message.id));
    expect(unflagged.length).toBeGreaterThanOrEqual(3);
    onSecondPage = async () => {
      for (const report of decidedElsewhere)
        await chatCall(chatService, "PATCH", `/moderation/flagged-messages/${report.id}`, {
          body: { status: "approved" },
        });
      for (const message of unflagged.slice(0, 3))
        await chatCall(chatService, "POST", `/messages/${message.id}/flagged`, {
          onBehalfOf: FLAGGER,
          body: { reasonId: "harassment", remark: "flagged during the read" },
        });
    };
    const result = await refresh();
    // The changes were made while the read was under way.
    expect(onSecondPage).toBeUndefined();
    await changing;
    expect(result).toMatchObject({ ok: true, data: { gone: 5 } });

    const after = await pending();
    expect(after.length).toBe(before.length - 5 + 3);
    // Nothing still waiting at the service has left the queue, and nothing decided there is in it.
    expect((await openInIndex()).data.open).toBe(after.length);
    for (const report of decidedElsewhere) {
      const page = await fetch(`${server.baseUrl}/reports/${report.id}`, { headers: { Cookie: admin.cookie } });
      expect(await page.text()).toContain("Decided elsewhere");
    }
  }, 120_000);

  it("a keep whose review answer never came is outcome unknown, then settled as kept, never shown done before", async () => {
    const [report] = await pending();
    lateReview = report!.id;
    const kept = await callActionOver<{ reports: Array<{ outcome: string }>; settlesAt?: string }>(
      server,
      admin,
      "keepReportsAction",
      { target: { kind: "reports", messageIds: [report!.id] }, reasonCode: "context", reasonText: "late answer" },
      `/reports/${report!.id}`,
    );
    expect(kept).toMatchObject({ ok: true, data: { reports: [{ outcome: "unknown" }] } });
    const settlesAt = kept.ok ? Date.parse(kept.data.settlesAt ?? "") : NaN;
    expect(settlesAt).toBeGreaterThan(Date.now());

    const reportPage = async () =>
      (await fetch(`${server.baseUrl}/reports/${report!.id}`, { headers: { Cookie: admin.cookie } })).text();
    expect(await reportPage()).toContain("Outcome unknown");
    // The review did reach the service, late.
    await waitFor("the late review", pending, (list) => !list.some((item) => item.id === report!.id), 10_000);

    const [completion] = (await exportedEntries(server, admin, { uid: report!.sender, action: "report.keep" })).filter(
      (entry) => entry.outcome !== "requested",
    );
    expect(completion).toMatchObject({ outcome: "unknown", errorCode: "ANSWER_LOST" });

    // Once the review can no longer land, two reads of the list that no longer show it settle it.
    await waitFor(
      "the settlement time",
      async () => Date.now(),
      (now) => now > settlesAt,
      30_000,
    );
    await refresh();
    await refresh();
    expect(await reportPage()).toContain("Kept by Administrator");
    const settled = await exportedEntries(server, admin, { job: String(completion!.operationId) });
    expect(settled.find((entry) => entry.action === "report.settle" && entry.outcome !== "requested")).toMatchObject({
      outcome: "succeeded",
      actorRole: "system",
      summary: { call: "review", target: report!.id, outcomes: { [report!.sender]: { outcome: "reviewed" } } },
    });
  }, 120_000);

  it("a removal's deactivation whose answer never came is outcome unknown, then settled from the deactivated users", async () => {
    const [report] = await pending();
    const removed = await callActionOver<{
      reports: Array<{ outcome: string }>;
      senderCalls: Array<{ call: string; outcome: string }>;
    }>(
      server,
      admin,
      "removeReportsAction",
      {
        target: { kind: "reports", messageIds: [report!.id] },
        reasonCode: "spam",
        reasonText: "",
        blockForReporters: false,
        deactivateSender: true,
        banFromGroup: false,
      },
      `/reports/${report!.id}`,
    );
    expect(removed).toMatchObject({
      ok: true,
      data: { reports: [{ outcome: "done" }], senderCalls: [{ call: "deactivate", outcome: "unknown" }] },
    });
    const [completion] = (
      await exportedEntries(server, admin, { uid: report!.sender, action: "report.remove" })
    ).filter((entry) => entry.outcome !== "requested");
    expect(completion).toMatchObject({ outcome: "unknown", errorCode: "ANSWER_LOST" });

    const settlement = await waitFor(
      "the deactivation's settlement",
      async () => {
        await refresh();
        return (await exportedEntries(server, admin, { job: String(completion!.operationId) })).filter(
          (entry) => entry.action === "report.settle" && entry.outcome !== "requested",
        );
      },
      (found) => found.length > 0,
      40_000,
    );
    expect(settlement[0]).toMatchObject({
      outcome: "succeeded",
      actorRole: "system",
      summary: { call: "deactivate", outcomes: { [report!.sender]: { outcome: "deactivated" } } },
    });
  }, 120_000);
});
