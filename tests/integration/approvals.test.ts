import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { createPostgresDatabase, databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";
import { callActionOver, exportedEntries, readOver, signIn, type Session } from "../support/console-session";
import { waitFor } from "../support/wait-for";

/**
 * Two-person approval over real HTTP against built consoles: on PGlite one process (it serves one
 * process at a time), on PostgreSQL two processes on one database. Twenty approvals of one request at
 * the same moment start its job once, and a request nobody approves expires once.
 */

const ADMIN = { email: "admin@approvals.test", password: "approvals-admin-1" };
const REQUESTER = { email: "requester@approvals.test", password: "approvals-requester-1" };
const APPROVER = { email: "approver@approvals.test", password: "approvals-approver-1" };
const SUPPORT = { email: "support@approvals.test", password: "approvals-support-1" };
// Shared by both processes, so that a session made by one is accepted by the other.
const AUTH_SECRET = "approvals-test-auth-secret-0123456789abcdef";
const THRESHOLD = 10;
const TTL_MINUTES = 0.25;

type Started = { jobId: string; status: string };
type Progress = { job: { status: string; doneCount: number; blockedCount: number; total: number } };

const uidsOf = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

async function journalUids(server: ConsoleServer): Promise<string[]> {
  const journal = await chatCall(server, "GET", "/embedded/journal");
  return (journal.body.data as Array<{ uids: string[] }>).flatMap((call) => call.uids);
}

function scenario(kind: "pglite" | "postgres") {
  const servers: ConsoleServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  let admin: Session;
  let requester: Session;
  let approvers: Array<{ server: ConsoleServer; session: Session }>;

  beforeAll(async () => {
    const database = kind === "postgres" ? await createPostgresDatabase() : undefined;
    drop = database?.drop;
    databaseUrl = database?.url;
    const env = {
      AUTH_SECRET,
      CHAT_JOURNAL: "1",
      APPROVAL_THRESHOLD_UIDS: String(THRESHOLD),
      APPROVAL_TTL_MINUTES: String(TTL_MINUTES),
      CONSOLE_ADMIN_EMAIL: ADMIN.email,
      CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    for (let index = 0; index < (kind === "postgres" ? 2 : 1); index += 1)
      servers.push(await startConsole({ database: kind, env }));
    const [first] = servers as [ConsoleServer];
    admin = await signIn(first, ADMIN);
    for (const [operator, role] of [
      [REQUESTER, "moderator"],
      [APPROVER, "moderator"],
      [SUPPORT, "support"],
    ] as const) {
      const created = await callActionOver(
        first,
        admin,
        "createOperatorAction",
        { ...operator, name: operator.email, role },
        "/operators",
      );
      expect(created.ok).toBe(true);
    }
    requester = await signIn(first, REQUESTER);
    const approver = await signIn(first, APPROVER);
    // The approver and the admin press "Approve" on every process there is.
    approvers = servers.flatMap((server) => [
      { server, session: approver },
      { server, session: admin },
    ]);
    const created = await chatCall(first, "POST", "/embedded/users", { body: { prefix: "approval", count: 200 } });
    expect(created.status).toBe(200);
  });

  afterAll(async () => {
    for (const server of [...servers].reverse()) await server.stop();
    await drop?.();
  });

  const request = async (blocker: string, uids: string[]) => {
    const answer = await callActionOver<Started>(servers[0]!, requester, "requestIncidentJobAction", {
      blocker,
      reason: "Raid in #general",
      uids,
      blockFor: "forever",
    });
    if (!answer.ok) throw new Error(answer.message);
    return answer.data;
  };
  const progress = async (jobId: string) => {
    const { body } = await readOver<Progress>(servers[0]!, admin, `/api/incidents/${jobId}/progress`);
    if (!body.ok) throw new Error(body.message);
    return body.data.job;
  };

  it("20 approvals of one request at the same moment start its job once; nothing is sent before", async () => {
    const uids = uidsOf("approval", 60);
    await chatCall(servers[0]!, "DELETE", "/embedded/journal");
    for (const server of servers) await chatCall(server, "PUT", "/embedded/settings", { body: { journal: true } });

    // At or below the threshold a request is refused; above it, the job waits and nothing is sent.
    const small = await callActionOver(servers[0]!, requester, "requestIncidentJobAction", {
      blocker: "cometchat-uid-3",
      reason: "Small",
      uids: uids.slice(0, THRESHOLD),
    });
    expect(small).toMatchObject({ ok: false, code: "REFUSED" });
    const direct = await callActionOver(servers[0]!, requester, "createIncidentJobAction", {
      blocker: "cometchat-uid-3",
      reason: "Large, alone",
      uids,
    });
    expect(direct).toMatchObject({ ok: false, code: "REFUSED" });
    expect((direct as { message: string }).message).toMatch(/needs a second operator's approval/);

    // The workspace's block sends at once: past the threshold it is refused and points to incident mode.
    const workspace = await callActionOver(servers[0]!, requester, "blockUsersAction", {
      blocker: "cometchat-uid-3",
      uids: uids.slice(0, THRESHOLD + 1),
    });
    expect(workspace).toMatchObject({ ok: false, code: "REFUSED" });
    expect((workspace as { message: string }).message).toMatch(/needs a second operator's approval.*Incidents/);

    const job = await request("cometchat-uid-3", uids);
    expect(job.status).toBe("awaiting_approval");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await journalUids(servers[0]!)).toEqual([]);
    expect((await progress(job.jobId)).status).toBe("awaiting_approval");

    const own = await callActionOver(servers[0]!, requester, "approveRequestAction", {
      jobId: job.jobId,
      reason: "Mine",
    });
    expect(own).toMatchObject({ ok: false, code: "REFUSED" });
    expect((own as { message: string }).message).toMatch(/You requested this job/);

    const began = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const { server, session } = approvers[index % approvers.length]!;
        const sent = performance.now();
        const answer = await callActionOver(server, session, "approveRequestAction", {
          jobId: job.jobId,
          reason: `Approval ${index}`,
        });
        return { answer, ms: performance.now() - sent };
      }),
    );
    const wallMs = performance.now() - began;
    const approved = answers.filter(({ answer }) => answer.ok);
    const refused = answers.filter(({ answer }) => !answer.ok);
    const latencies = answers.map(({ ms }) => ms).sort((a, b) => a - b);
    console.log(
      `[approvals ${kind}] 20 concurrent approvals over ${servers.length} process(es): ${approved.length} started the job, ` +
        `${refused.length} refused; wall ${wallMs.toFixed(0)} ms, per call min ${latencies[0]!.toFixed(0)} / median ` +
        `${latencies[10]!.toFixed(0)} / max ${latencies[19]!.toFixed(0)} ms`,
    );
    expect(approved).toHaveLength(1);
    for (const { answer } of refused) {
      expect(answer).toMatchObject({ ok: false, code: "REFUSED" });
      expect((answer as { message: string }).message).toMatch(/already approved by .*: the job has started/);
    }

    const finished = await waitFor(
      "the approved job",
      () => progress(job.jobId),
      (current) => current.status === "completed",
      60_000,
    );
    expect(finished).toMatchObject({ total: 60, doneCount: 60, blockedCount: 60 });
    const sent = await journalUids(servers[0]!);
    expect(sent.sort()).toEqual([...uids].sort());

    // One approval in the log, with every UID of the job indexed; an auditor finds it by approver.
    const entries = await exportedEntries(servers[0]!, admin, { action: "incident.job.approve" });
    const succeeded = entries.filter((entry) => entry.outcome === "succeeded");
    expect(succeeded).toHaveLength(1);
    const byUid = await exportedEntries(servers[0]!, admin, { action: "incident.job.approve", uid: "approval-59" });
    expect(byUid.filter((entry) => entry.outcome === "requested").length).toBeGreaterThan(0);
  }, 120_000);

  it("a request nobody approves expires once, and an approval after it is refused saying so", async () => {
    await chatCall(servers[0]!, "DELETE", "/embedded/journal");
    const job = await request("cometchat-uid-4", uidsOf("approval", 30));
    const expired = await waitFor(
      "the expiry",
      () => progress(job.jobId),
      (current) => current.status === "expired",
      TTL_MINUTES * 60_000 + 30_000,
    );
    expect(expired).toMatchObject({ doneCount: 30, blockedCount: 0 });
    const late = await callActionOver(servers.at(-1)!, admin, "approveRequestAction", {
      jobId: job.jobId,
      reason: "Too late",
    });
    expect(late).toMatchObject({ ok: false, code: "REFUSED" });
    expect((late as { message: string }).message).toMatch(/expired at .*: it can no longer be approved/);
    // Every process sweeps every five seconds: give them a few rounds, then count the entries.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const entries = await exportedEntries(servers[0]!, admin, { action: "incident.job.expire" });
    const forJob = entries.filter((entry) => (entry.requestBody as { jobId?: string }).jobId === job.jobId);
    expect(forJob).toHaveLength(1);
    expect(await journalUids(servers[0]!)).toEqual([]);

    if (!databaseUrl) return;
    // As if the process that took the writing of that entry had died before committing it: while its
    // minute's lease holds nobody writes it; once the lease has run out, the next sweep does.
    const expiredEntries = async () =>
      (await exportedEntries(servers[0]!, admin, { action: "incident.job.expire" })).filter(
        (entry) => (entry.requestBody as { jobId?: string }).jobId === job.jobId,
      );
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      await database.query(
        "UPDATE block_jobs SET expiry_logged_at = NULL, expiry_log_lease_until = now() + interval '1 minute' WHERE id = $1",
        [job.jobId],
      );
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(await expiredEntries()).toHaveLength(1);
      await database.query("UPDATE block_jobs SET expiry_log_lease_until = now() WHERE id = $1", [job.jobId]);
      await waitFor("the expiry logged again", expiredEntries, (entries) => entries.length === 2, 30_000);
      const { rows } = await database.query("SELECT expiry_logged_at FROM block_jobs WHERE id = $1", [job.jobId]);
      expect(rows[0].expiry_logged_at).not.toBeNull();
    } finally {
      await database.end();
    }
  }, 180_000);

  it("reads the requests and a job's progress through GET routes: JSON never cached, session and role checked, no log entry", async () => {
    const server = servers.at(-1)!;
    const job = await request("cometchat-uid-5", uidsOf("approval", 12));
    const list = await readOver<{ open: Array<{ jobId: string }> }>(server, admin, "/api/approvals");
    expect(list).toMatchObject({ status: 200, cacheControl: "no-store", body: { ok: true } });
    expect(list.body.ok && list.body.data.open.map((row) => row.jobId)).toContain(job.jobId);
    const read = await readOver<Progress>(server, admin, `/api/incidents/${job.jobId}/progress`);
    expect(read).toMatchObject({ status: 200, cacheControl: "no-store", body: { ok: true } });
    expect(read.body.ok && read.body.data.job.status).toBe("awaiting_approval");

    const signedOut = await fetch(`${server.baseUrl}/api/incidents/${job.jobId}/progress`);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ ok: false, code: "SIGNED_OUT" });
    // Support follows the requests and a job's progress; a read for acting ("Select all" of a search) is refused.
    const support = await signIn(server, SUPPORT);
    expect(await readOver(server, support, "/api/approvals")).toMatchObject({ status: 200, body: { ok: true } });
    expect(await readOver(server, support, `/api/incidents/${job.jobId}/progress`)).toMatchObject({ status: 200 });
    expect(await readOver(server, support, `/api/raid-searches/${randomUUID()}/uids`)).toMatchObject({
      status: 403,
      body: {
        code: "FORBIDDEN",
        message: "Your role (Support) does not allow you to search for the accounts behind a raid.",
      },
    });
    expect(await readOver(server, admin, "/api/incidents/not-a-job/progress")).toMatchObject({
      status: 400,
      body: { code: "INVALID_INPUT", message: "That job id is not valid." },
    });
    expect(await readOver(server, admin, `/api/incidents/${randomUUID()}/progress`)).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND", message: "No job has that id." },
    });
    expect(await readOver(server, support, "/api/conversation?onBehalfOf=a&kind=bot&peer=b")).toMatchObject({
      status: 400,
      body: { code: "INVALID_INPUT", message: "Choose a user or a group." },
    });

    // Reads are not actions: the log records none of them, and its filter offers no such action.
    const entries = await exportedEntries(server, admin, {});
    expect(entries.filter((entry) => /progress|approvals|read$/.test(String(entry.action)))).toEqual([]);
    const filter = await fetch(`${server.baseUrl}/audit/export?format=ndjson&action=incident.job.progress`, {
      headers: { Cookie: admin.cookie },
    });
    expect(filter.status).toBe(400);
  });
}

const kinds = await databaseKinds();
describe.runIf(kinds.includes("pglite"))("two-person approval on PGlite", () => scenario("pglite"));
describe.runIf(kinds.includes("postgres"))("two-person approval on PostgreSQL, two processes", () =>
  scenario("postgres"),
);
