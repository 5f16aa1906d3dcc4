import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";
import { callActionOver, exportedEntries, readOver, signIn, type Session } from "../support/console-session";
import { waitFor } from "../support/wait-for";

const ADMIN = { email: "admin@decisions.test", password: "decisions-admin-1" };
const REQUESTER = { email: "requester@decisions.test", password: "decisions-requester-1" };
const APPROVER = { email: "approver@decisions.test", password: "decisions-approver-1" };
/** Blocks for reporters past this many need a second operator: most demo raiders' reports pass it. */
const THRESHOLD = 2;

type Flagged = { id: string; sender: string; flaggedBy: Array<{ uid: string }> };
type Decided = {
  reports: Array<{ messageId: string; outcome: string; message: string }>;
  job?: { jobId: string; status: string; needsApproval: boolean; calls: number; uidActs: number };
};
type Progress = { job: { status: string; total: number; doneCount: number; failedCount: number } };

/**
 * A large decision of the reports queue as an incident job, against the embedded chat service's demo
 * raid: past APPROVAL_THRESHOLD_UIDS it waits for a second operator with its reports held for it;
 * approved, it runs, the reports are decided at the service and in the index, and the log has the
 * decision's entries; rejected, it gives its reports back to the queue.
 */
describe.each(await databaseKinds())("a large decision on %s", (database) => {
  let server: ConsoleServer;
  let admin: Session;
  let requester: Session;
  let approver: Session;

  const pending = async (): Promise<Flagged[]> =>
    (await chatCall(server, "GET", "/moderation/flagged-messages?limit=1000")).body.data;
  const progress = async (jobId: string) => {
    const { body } = await readOver<Progress>(server, admin, `/api/incidents/${jobId}/progress`);
    if (!body.ok) throw new Error(body.message);
    return body.data.job;
  };
  const page = async (path: string, session: Session) =>
    (await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: session.cookie } })).text();
  const removeAll = (session: Session, sender: string, runAs: "now" | "job") =>
    callActionOver<Decided>(
      server,
      session,
      "removeReportsAction",
      {
        target: { kind: "sender", senderUid: sender },
        reasonCode: "raid",
        reasonText: "All of this raider's posts",
        blockForReporters: true,
        deactivateSender: false,
        banFromGroup: false,
        runAs,
      },
      "/reports",
    );

  /** Senders whose reports have more reporters than the threshold, with their reports. */
  let large: Array<{ sender: string; reports: Flagged[]; reporters: string[] }>;

  beforeAll(async () => {
    server = await startConsole({
      database,
      env: {
        APPROVAL_THRESHOLD_UIDS: String(THRESHOLD),
        CONSOLE_ADMIN_EMAIL: ADMIN.email,
        CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      },
    });
    admin = await signIn(server, ADMIN);
    for (const operator of [REQUESTER, APPROVER])
      expect(
        (
          await callActionOver(
            server,
            admin,
            "createOperatorAction",
            { ...operator, name: operator.email, role: "moderator" },
            "/operators",
          )
        ).ok,
      ).toBe(true);
    requester = await signIn(server, REQUESTER);
    approver = await signIn(server, APPROVER);
    expect((await callActionOver(server, admin, "refreshReportsAction", {}, "/reports")).ok).toBe(true);
    const bySender = new Map<string, Flagged[]>();
    for (const item of await pending()) bySender.set(item.sender, [...(bySender.get(item.sender) ?? []), item]);
    large = [...bySender]
      .map(([sender, reports]) => ({
        sender,
        reports,
        reporters: [...new Set(reports.flatMap((report) => report.flaggedBy.map((entry) => entry.uid)))].filter(
          (uid) => uid !== sender,
        ),
      }))
      .filter((entry) => entry.reporters.length > THRESHOLD);
    expect(large.length).toBeGreaterThanOrEqual(2);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("waits for a second operator with its reports held, runs once approved, and is logged as the decision", async () => {
    const { sender, reports, reporters } = large[0]!;
    const preview = await callActionOver<{ runsAsJob: boolean; needsApproval: boolean; uidActs: number }>(
      server,
      requester,
      "previewDecisionAction",
      {
        target: { kind: "sender", senderUid: sender },
        decision: "remove",
        ...{ blockForReporters: true, deactivateSender: false, banFromGroup: false },
      },
      "/reports",
    );
    expect(preview).toMatchObject({
      ok: true,
      data: { runsAsJob: true, needsApproval: true, uidActs: reporters.length },
    });

    // Confirmed as a decision made at once, it is refused: the moderator did not see it would be a job.
    const unseen = await removeAll(requester, sender, "now");
    expect(unseen).toMatchObject({ ok: false, code: "REFUSED" });
    expect((unseen as { message: string }).message).toMatch(/runs as an incident job/);

    const asked = await removeAll(requester, sender, "job");
    expect(asked).toMatchObject({ ok: true, data: { job: { status: "awaiting_approval", needsApproval: true } } });
    const { jobId } = (asked as { data: Decided }).data.job!;
    expect((asked as { data: Decided }).data.job!.calls).toBe(reports.length * 2 + reporters.length);

    // Held for the job: shown so, refused to another moderator, and nothing sent yet.
    expect(await page(`/reports/${reports[0]!.id}`, approver)).toContain("Being decided by");
    const other = await callActionOver<Decided>(
      server,
      approver,
      "keepReportsAction",
      { target: { kind: "reports", messageIds: [reports[0]!.id] }, reasonCode: "context", reasonText: "" },
      "/reports",
    );
    expect(other).toMatchObject({ ok: false, code: "REFUSED" });
    expect((other as { message: string }).message).toContain(`Being decided by job ${jobId}`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await pending()).filter((item) => item.sender === sender)).toHaveLength(reports.length);

    const own = await callActionOver(server, requester, "approveRequestAction", { jobId, reason: "Mine" });
    expect(own).toMatchObject({ ok: false, code: "REFUSED" });
    const approved = await callActionOver(server, approver, "approveRequestAction", { jobId, reason: "Raider" });
    expect(approved.ok).toBe(true);
    const finished = await waitFor(
      "the decision's job",
      () => progress(jobId),
      (job) => job.status === "completed",
      60_000,
    );
    expect(finished).toMatchObject({ total: reports.length + reporters.length, failedCount: 0 });

    // At the service: no longer waiting for review, deleted, and blocked by every reporter.
    expect((await pending()).filter((item) => item.sender === sender)).toEqual([]);
    for (const report of reports) {
      const message = await chatCall(server, "GET", `/messages/${report.id}`);
      expect(message.body.data.deletedAt, report.id).toBeTruthy();
    }
    for (const reporter of reporters) {
      const blocked = await chatCall(server, "GET", `/users/${reporter}/blockedusers?perPage=1000`);
      expect(
        (blocked.body.data as Array<{ uid: string }>).map((user) => user.uid),
        reporter,
      ).toContain(sender);
    }
    // In the queue: decided, by the requester.
    expect(await page(`/reports/${reports[0]!.id}`, approver)).toContain(`Removed by ${REQUESTER.email}`);

    // In the log: the request and its end as `report.remove`, the calls under it, every UID indexed.
    const entries = await exportedEntries(server, admin, { uid: sender, action: "report.remove" });
    const request = entries.find((entry) => entry.outcome === "requested")!;
    expect(request).toBeDefined();
    const underIt = await exportedEntries(server, admin, { job: String(request.operationId) });
    const end = underIt.find((entry) => entry.action === "report.remove");
    expect(end).toMatchObject({
      outcome: "succeeded",
      summary: { jobId, counts: { done: reports.length, failed: 0 } },
    });
    const calls = underIt.filter((entry) => entry.action === "incident.job.call" && entry.outcome === "requested");
    expect(calls).toHaveLength(reports.length + reporters.length);
    // Every reporter is in the index: "who had X blocked" finds the decision.
    const byReporter = await exportedEntries(server, admin, { uid: reporters.at(-1)!, action: "report.remove" });
    expect(byReporter.some((entry) => entry.operationId === request.operationId)).toBe(true);
    const csv = await page(`/incidents/${jobId}/results`, admin);
    expect(csv.split("\r\n")[0]).toBe("item,message_id,sender,reporter,group,outcome,message");
    expect(csv).toContain(`block,,${sender},${reporters[0]},`);
  }, 120_000);

  it("a rejected request gives its reports back to the queue", async () => {
    const { sender, reports } = large[1]!;
    const asked = await removeAll(requester, sender, "job");
    expect(asked).toMatchObject({ ok: true, data: { job: { status: "awaiting_approval" } } });
    const { jobId } = (asked as { data: Decided }).data.job!;
    expect(await page(`/reports/${reports[0]!.id}`, approver)).toContain("Being decided by");

    const rejected = await callActionOver(server, approver, "rejectRequestAction", { jobId, reason: "Not a raider" });
    expect(rejected.ok).toBe(true);
    expect(await progress(jobId)).toMatchObject({ status: "rejected" });
    expect(await page(`/reports/${reports[0]!.id}`, approver)).not.toContain("Being decided by");
    // Nothing was sent, and the approver may now decide on them.
    expect((await pending()).filter((item) => item.sender === sender)).toHaveLength(reports.length);
    const kept = await callActionOver<Decided>(
      server,
      approver,
      "keepReportsAction",
      { target: { kind: "reports", messageIds: [reports[0]!.id] }, reasonCode: "context", reasonText: "" },
      "/reports",
    );
    expect(kept).toMatchObject({ ok: true, data: { reports: [{ outcome: "done" }] } });
  }, 120_000);
});
