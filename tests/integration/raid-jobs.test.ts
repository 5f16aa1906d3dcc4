import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";
import { callActionOver, exportedEntries, readOver, signIn, type Session } from "../support/console-session";
import { waitFor } from "../support/wait-for";

/**
 * The jobs and searches of "Find accounts" in a console over HTTP, on PGlite and PostgreSQL: a
 * deactivation cut off by a killed process completes after the restart with no UID lost or sent twice;
 * a search lists the raid's senders; and support, who may look, is refused every new action.
 */

const ADMIN = { email: "raid-admin@example.com", password: "raid-admin-password-1" };
const SUPPORT = { email: "raid-support@example.com", name: "Sid Support", password: "raid-support-password-1" };
const GROUP = "cometchat-guid-1";

type Progress = {
  job: { status: string; total: number; doneCount: number; changedCount: number; failedCount: number };
};
type View = {
  search: { status: string; matched: number; scanned: number };
  senders: { total: number; rows: Array<{ uid: string; messages: number }> };
};

describe.each(await databaseKinds())("Find accounts and its jobs, on %s", (database) => {
  let server: ConsoleServer;
  let admin: Session;

  beforeAll(async () => {
    server = await startConsole({
      database,
      // Approval off: the 1,000-UID job starts at once (approval has its own tests).
      env: {
        APPROVAL_THRESHOLD_UIDS: "0",
        // A short time-out makes a short lease: a search cut off by a killed process is taken over in seconds.
        CHAT_API_TIMEOUT_MS: "2000",
        CHAT_JOURNAL: "1",
        CONSOLE_ADMIN_EMAIL: ADMIN.email,
        CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      },
    });
    admin = await signIn(server, ADMIN);
    const created = await callActionOver(
      server,
      admin,
      "createOperatorAction",
      { ...SUPPORT, role: "support" },
      "/operators",
    );
    expect(created.ok).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const progressOf = async (jobId: string) =>
    (await readOver<Progress>(server, admin, `/api/incidents/${jobId}/progress`)).body;

  it("a deactivation survives the console killed mid-job: every UID deactivated once, none lost", async () => {
    const created = await chatCall(server, "POST", "/embedded/users", {
      body: { prefix: "restart-raider", count: 1000 },
    });
    expect(created.status).toBe(200);
    const uids = Array.from({ length: 1000 }, (_, i) => `restart-raider-${i}`);
    await chatCall(server, "PUT", "/embedded/settings", {
      body: { latencyMs: 250, pathPattern: "^/users$", journal: true },
    });
    await chatCall(server, "DELETE", "/embedded/journal");
    const job = await callActionOver<{ jobId: string }>(server, admin, "startDeactivateAction", {
      kind: "deactivate",
      reason: "Raid accounts",
      uids,
    });
    if (!job.ok) throw new Error(job.message);
    const jobId = job.data.jobId;
    await waitFor(
      "a third of the job",
      () => progressOf(jobId),
      (answer) => answer.ok && answer.data.job.doneCount >= 300,
    );

    await server.restart({ hard: true });
    admin = await signIn(server, ADMIN);
    const finished = await waitFor(
      "the job after the restart",
      () => progressOf(jobId),
      (answer) => answer.ok && answer.data.job.status === "completed",
      120_000,
    );
    if (!finished.ok) throw new Error(finished.message);
    expect(finished.data.job).toMatchObject({ total: 1000, doneCount: 1000, changedCount: 1000, failedCount: 0 });

    const deactivated = await chatCall(
      server,
      "GET",
      "/users?onlyDeactivated=true&perPage=1000&searchKey=restart-raider",
    );
    expect(deactivated.body.data).toHaveLength(1000);
    const journal = await chatCall(server, "GET", "/embedded/journal");
    const sends = new Map<string, number>();
    for (const call of journal.body.data as Array<{ method: string; uids: string[] }>)
      if (call.method === "DELETE") for (const uid of call.uids) sends.set(uid, (sends.get(uid) ?? 0) + 1);
    expect([...sends.values()].every((count) => count === 1)).toBe(true);
  }, 240_000);

  it("a search in the Hiking Group, the last 2 hours, with links, lists the raid's senders and only them", async () => {
    const started = await callActionOver<{ searchId: string }>(server, admin, "startRaidSearchAction", {
      where: "group",
      group: GROUP,
      hasLinks: true,
      window: "last_2_hours",
    });
    if (!started.ok) throw new Error(started.message);
    const url = `/api/raid-searches/${started.data.searchId}`;
    const done = await waitFor(
      "the search",
      async () => (await readOver<View>(server, admin, url)).body,
      (answer) => answer.ok && answer.data.search.status === "completed",
    );
    if (!done.ok) throw new Error(done.message);
    const raid = await chatCall(server, "GET", `/groups/${GROUP}/messages?searchKey=usdt-drop.example&limit=1000`);
    const raiders = new Set((raid.body.data as Array<{ sender: string }>).map((message) => message.sender));
    expect(new Set(done.data.senders.rows.map((row) => row.uid))).toEqual(raiders);
    expect(done.data.search.matched).toBe(raid.body.data.length);
  }, 60_000);

  const viewOf = async (searchId: string) => {
    const { body } = await readOver<View>(server, admin, `/api/raid-searches/${searchId}?page=1`);
    if (!body.ok) throw new Error(body.message);
    return body.data;
  };
  const startSearch = async () => {
    const now = Date.now();
    const started = await callActionOver<{ searchId: string }>(server, admin, "startRaidSearchAction", {
      where: "group",
      group: GROUP,
      window: "custom",
      from: new Date(now - 24 * 3600_000).toISOString(),
      to: new Date(now).toISOString(),
    });
    if (!started.ok) throw new Error(started.message);
    return started.data.searchId;
  };
  const slowMessages = () =>
    chatCall(server, "PUT", "/embedded/settings", { body: { latencyMs: 1500, pathPattern: "/messages$" } });

  it("Stop ends a search where it is; one cut off by a killed process is resumed by the next, counting nothing twice", async () => {
    await slowMessages();
    const stopped = await startSearch();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const stop = await callActionOver(server, admin, "stopRaidSearchAction", { searchId: stopped });
    expect(stop.ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await viewOf(stopped)).search).toMatchObject({ status: "stopped", scanned: 0 });

    const cut = await startSearch();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await server.restart({ hard: true });
    admin = await signIn(server, ADMIN);
    const resumed = await waitFor(
      "the search after the restart",
      () => viewOf(cut),
      (view) => view.search.status === "completed",
      60_000,
    );
    const total = resumed.senders.rows.reduce((sum, row) => sum + row.messages, 0);
    expect(resumed.search.matched).toBeGreaterThan(0);
    expect(total).toBe(resumed.search.matched);
  }, 120_000);

  it("support may not search or act: every new action is refused and logged; they follow searches, not select from them", async () => {
    const support = await signIn(server, SUPPORT);
    const attempts: Array<[string, unknown]> = [
      ["startRaidSearchAction", { where: "group", group: GROUP, window: "last_hour" }],
      ["stopRaidSearchAction", { searchId: "00000000-0000-4000-8000-000000000000" }],
      ["previewDeactivateAction", { kind: "deactivate", text: "cometchat-uid-3" }],
      ["previewBanAction", { kind: "ban", group: GROUP, text: "cometchat-uid-3" }],
      ["previewDeleteMessagesAction", { kind: "delete_messages", text: "cometchat-uid-3" }],
      ["startDeactivateAction", { kind: "deactivate", reason: "x", uids: ["cometchat-uid-3"] }],
      ["requestDeactivateAction", { kind: "deactivate", reason: "x", uids: ["cometchat-uid-3"] }],
      ["startBanAction", { kind: "ban", group: GROUP, reason: "x", uids: ["cometchat-uid-3"] }],
      ["requestBanAction", { kind: "ban", group: GROUP, reason: "x", uids: ["cometchat-uid-3"] }],
      ["startDeleteMessagesAction", { kind: "delete_messages", reason: "x", uids: ["cometchat-uid-3"] }],
      ["requestDeleteMessagesAction", { kind: "delete_messages", reason: "x", uids: ["cometchat-uid-3"] }],
      [
        "startWithoutApprovalAction",
        { kind: "deactivate", reason: "x", uids: ["cometchat-uid-3"], breakGlassReason: "Nobody else is on call now" },
      ],
    ];
    for (const [name, input] of attempts) {
      const answer = await callActionOver(server, support, name, input, "/users");
      expect(answer.ok, name).toBe(false);
      expect(answer.ok ? "" : answer.code, name).toBe("FORBIDDEN");
    }
    // A search's progress, senders and CSV are support's to read (none has this id); "Select all" is not.
    const read = await readOver(server, support, "/api/raid-searches/00000000-0000-4000-8000-000000000000");
    expect(read.status).toBe(404);
    const selectAll = await readOver(server, support, "/api/raid-searches/00000000-0000-4000-8000-000000000000/uids");
    expect(selectAll.status).toBe(403);
    const csv = await fetch(`${server.baseUrl}/incidents/searches/00000000-0000-4000-8000-000000000000/senders`, {
      headers: { Cookie: support.cookie },
    });
    expect(csv.status).toBe(404);
    const refused = await exportedEntries(server, admin, { action: "incident.job.start", outcome: "failed" });
    expect(refused.some((entry) => entry.errorCode === "FORBIDDEN" && entry.actorEmail === SUPPORT.email)).toBe(true);
    // The user is still active: nothing reached the chat service.
    expect((await chatCall(server, "GET", "/users/cometchat-uid-3")).status).toBe(200);
  }, 60_000);

  it("a job whose start cannot read the service creates nothing, says why, and is logged failed", async () => {
    // The read of the accounts already deactivated (made while the request is logged) fails: 500s on GET /users.
    await chatCall(server, "PUT", "/embedded/settings", {
      body: { errorRate: 1, errorStatus: "500", pathPattern: "^/users$" },
    });
    try {
      const uids = ["cometchat-uid-2", "cometchat-uid-3"];
      const answer = await callActionOver(
        server,
        admin,
        "startDeactivateAction",
        { kind: "deactivate", reason: "Read fails", uids },
        "/incidents",
      );
      expect(answer.ok).toBe(false);
      expect(answer.ok ? "" : answer.message).toMatch(/chat service/i);
      const entries = (
        await exportedEntries(server, admin, { action: "incident.job.start", uid: "cometchat-uid-2" })
      ).filter((entry) => entry.reason === "Read fails");
      expect(entries.map((entry) => entry.outcome).sort()).toEqual(["failed", "requested"]);
    } finally {
      await chatCall(server, "PUT", "/embedded/settings", { body: { errorRate: 0, pathPattern: "" } });
    }
    // Nothing was deactivated.
    expect((await chatCall(server, "GET", "/users/cometchat-uid-2")).status).toBe(200);
  }, 60_000);
});
