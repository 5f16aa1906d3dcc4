import { randomUUID } from "node:crypto";
import { get } from "node:http";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyAuditLog } from "../../lib/audit/checkpoints";
import { chunkLeaseMs } from "../../lib/chat-api/retry";
import type { Database } from "../../lib/db/client";
import { createJob, getJob, jobResults, type BlockJob } from "../../lib/incidents/jobs";
import { recordBlocks } from "../../lib/timed-blocks/store";
import { chatCall } from "../support/chat-client";
import { databaseKinds, type ConsoleServer } from "../support/console-server";
import { callActionOver, csrfOf, signIn, type Session } from "../support/console-session";
import { consolesOnOnePostgres } from "../support/postgres-consoles";
import { waitFor } from "../support/wait-for";

/**
 * Three console processes on one PostgreSQL database, as behind a load balancer: what one does,
 * the others see, and work shared between them is done once.
 */

const ADMIN = { email: "admin@example.com", password: "admin-password-many-4e1a" };
const TIMEOUT_MS = 5000;
/** The block calls' added latency in the shutdown test: long enough that the process chosen still has its call out under load. */
const LATENCY_MS = 3000;
const moderator = { id: null, email: "many-processes@example.com", role: "moderator" };

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * GET on a connection of its own: fetch would reuse a pooled keep-alive connection, which the server
 * may close as idle at the very moment it is reused (ECONNRESET), a race of the client, not the server.
 */
function getFresh(url: string, retried = false): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    }).on("error", (error: NodeJS.ErrnoException) =>
      // A connection accepted in the instant a server closes its idle ones is reset before its request
      // is read: asked once more, on a new one.
      error.code === "ECONNRESET" && !retried ? resolve(getFresh(url, true)) : reject(error),
    );
  });
}

async function count(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  return (await rows<{ n: number }>(db, query))[0]!.n;
}

/** How many block or unblock calls that reached the chat service carried each UID. */
async function sendsPerUid(server: ConsoleServer, method: "POST" | "DELETE", uids: string[]) {
  const journal = await chatCall(server, "GET", "/embedded/journal");
  const wanted = new Set(uids);
  const sends = new Map<string, number>();
  for (const call of journal.body.data as Array<{ method: string; uids: string[] }>) {
    if (call.method !== method) continue;
    for (const uid of call.uids) if (wanted.has(uid)) sends.set(uid, (sends.get(uid) ?? 0) + 1);
  }
  return sends;
}

const sessionOf = (server: ConsoleServer, session: Session) =>
  fetch(`${server.baseUrl}/api/auth/session`, { headers: { Cookie: session.cookie } }).then(
    (answer) => answer.json() as Promise<{ user?: { email?: string } } | null>,
  );

describe.runIf((await databaseKinds()).includes("postgres"))("three console processes on one PostgreSQL", () => {
  const cluster = consolesOnOnePostgres(3, {
    // What every process behind one load balancer shares (docs/operations.md, "Running several processes").
    AUTH_SECRET: "a-secret-shared-by-every-console-process-behind-one-site",
    AUDIT_SIGNING_KEY: "5f".repeat(32),
    CONSOLE_ADMIN_EMAIL: ADMIN.email,
    CONSOLE_ADMIN_PASSWORD: ADMIN.password,
    CHAT_JOURNAL: "1",
    CHAT_API_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  let servers: ConsoleServer[];
  let db: Database;

  beforeAll(async () => {
    servers = cluster.servers;
    db = cluster.db;
    const created = await chatCall(servers[0]!, "POST", "/embedded/users", { body: { prefix: "crowd", count: 900 } });
    expect(created.body.data.created).toBe(900);
    await chatCall(servers[0]!, "POST", "/embedded/users", { body: { prefix: "raider", count: 400 } });
  });

  it("accepts a session made on one process on the others, and ends it on all at a sign-out on one", async () => {
    const session = await signIn(servers[0]!, ADMIN);
    for (const server of servers) expect((await sessionOf(server, session))?.user?.email).toBe(ADMIN.email);

    const csrf = await csrfOf(servers[1]!);
    const token = /authjs\.session-token=([^;]+)/.exec(session.cookie)![1]!;
    await fetch(`${servers[1]!.baseUrl}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: `${csrf.cookie}; authjs.session-token=${token}`,
      },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken }).toString(),
    });
    for (const server of servers) {
      expect(await sessionOf(server, session)).toBeNull();
      const page = await fetch(`${server.baseUrl}/users`, { headers: { Cookie: session.cookie }, redirect: "manual" });
      expect(page.status).toBe(307);
    }
  });

  it("is ready on every process, and not ready on any while the database lacks a migration of this code", async () => {
    const readiness = () =>
      Promise.all(
        servers.map(async (server) => {
          const answer = await fetch(`${server.baseUrl}/api/ready`);
          return { status: answer.status, problems: ((await answer.json()) as { problems: string[] }).problems };
        }),
      );
    expect(await readiness()).toEqual(servers.map(() => ({ status: 200, problems: [] })));
    await db.execute(sql`create table newest_migration as
      select * from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select created_at from newest_migration)`,
    );
    try {
      expect(await readiness()).toEqual(
        servers.map(() => ({ status: 503, problems: ["database: not migrated (1 migration to apply)"] })),
      );
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations select * from newest_migration`);
      await db.execute(sql`drop table newest_migration`);
    }
    expect(await readiness()).toEqual(servers.map(() => ({ status: 200, problems: [] })));
  });

  it("records 3 × 300 concurrent actions as one unbroken chain: every operation once, requested and completed", async () => {
    const sessions = await Promise.all(servers.map((server) => signIn(server, ADMIN)));
    const afterSignIn = await count(db, sql`select count(*)::int as n from audit_events`);
    const results = await Promise.all(
      servers.flatMap((server, process) =>
        Array.from({ length: 300 }, (_, index) =>
          callActionOver<unknown>(
            server,
            sessions[process]!,
            "blockUsersAction",
            // Each on behalf of another user, as moderators' actions are: none waits for another's.
            { blocker: `crowd-${process * 300 + index}`, uids: ["kevin-price"], reason: "crowd" },
            `/users/crowd-${process * 300 + index}`,
          ),
        ),
      ),
    );
    expect(results).toHaveLength(900);

    const operations = await rows<{ outcomes: string }>(
      db,
      sql`select string_agg(outcome, ',' order by seq) as outcomes
          from audit_events where action = 'users.block' and reason = 'crowd'
          group by operation_id`,
    );
    expect(operations).toHaveLength(900);
    // Each its "requested" and then its one completion. On two shared cores, 900 at once overload
    // the chat service's calls, so some complete as "unknown" (no answer within the time-out) or
    // "failed": what the log must then say, in the same unbroken chain.
    expect(
      operations.filter((operation) => !/^requested,(succeeded|failed|unknown)$/.test(operation.outcomes)),
    ).toEqual([]);
    // An unknown one is settled by the system once its call can no longer land (one more time-out and
    // 10 s): an operation of its own under the lost one, requested and completed, once for each.
    const unknown = operations.filter((operation) => operation.outcomes.endsWith(",unknown")).length;
    const settlements = () =>
      count(
        db,
        sql`select count(*)::int as n from audit_events where action = 'users.block.settle'
            and parent_operation_id in (select operation_id from audit_events where action = 'users.block' and reason = 'crowd')`,
      );
    await waitFor("every unknown block settled", settlements, (entries) => entries >= 2 * unknown, 90_000);
    expect(await settlements()).toBe(2 * unknown);
    const expected = afterSignIn + 1800 + 2 * unknown;
    expect(await count(db, sql`select count(*)::int as n from audit_events`)).toBe(expected);
    expect(await verifyAuditLog(db)).toMatchObject({ intact: true, checked: expected });
  }, 240_000);

  it("carries out each timed block's expiry once, whichever of the three processes claims it", async () => {
    const blocker = "cometchat-uid-4";
    const uids = Array.from({ length: 30 }, (_, index) => `crowd-${index}`);
    expect(
      (await chatCall(servers[0]!, "POST", `/users/${blocker}/blockedusers`, { body: { blockedUids: uids } })).status,
    ).toBe(200);
    await chatCall(servers[0]!, "DELETE", "/embedded/journal");
    const operationId = randomUUID();
    await recordBlocks(db, {
      blockerUid: blocker,
      blocked: uids,
      alreadyBlocked: [],
      expiresInSeconds: 2,
      operationId,
      actor: moderator,
    });

    await waitFor(
      "the expiries",
      () =>
        count(
          db,
          sql`select count(*)::int as n from timed_blocks where set_by_operation_id = ${operationId} and status = 'expired'`,
        ),
      (expired) => expired === uids.length,
      60_000,
    );
    // Every process sweeps every 5 seconds: time for a second unblock, were there to be one.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const sends = await sendsPerUid(servers[0]!, "DELETE", uids);
    expect(sends.size).toBe(uids.length);
    expect([...sends.values()].every((sent) => sent === 1)).toBe(true);
    expect(
      await count(
        db,
        sql`select count(*)::int as n from audit_events
            where action = 'users.block.expire' and request_body->>'setByOperationId' = ${operationId} and parent_operation_id is null and outcome = 'succeeded'`,
      ),
    ).toBe(uids.length);
  }, 120_000);

  const newJob = (uids: string[]) =>
    createJob(db, {
      kind: "block",
      purpose: "incident",
      blockerUid: "cometchat-uid-5",
      reason: "Raid",
      uids,
      preBlocked: [],
      chunkSize: 10,
      concurrency: 4,
      createdBy: moderator,
      operationId: randomUUID(),
    });

  /** The processes still running: the last two tests stop one each. */
  const running = () => servers.filter((server) => !stopped.has(server));
  const stopped = new Set<ConsoleServer>();

  /** A running process that claimed a chunk of the job within the last `withinMs`: its call is on its way. */
  async function runnerOfFreshChunk(job: BlockJob, withinMs: number): Promise<ConsoleServer | undefined> {
    const owners = await rows<{ owner: string }>(
      db,
      sql`select lease_owner as owner from block_job_chunks
          where job_id = ${job.id} and status = 'in_flight'
            and lease_expires_at > now() + ${`${chunkLeaseMs(TIMEOUT_MS) - withinMs} milliseconds`}::interval`,
    );
    return running().find((server) => owners.some(({ owner }) => owner.includes(`:${server.pid()}:`)));
  }

  async function finishedClean(job: BlockJob, uids: string[]) {
    const finished = (await waitFor(
      "the job",
      () => getJob(db, job.id),
      (current) => current?.status === "completed",
    )) as BlockJob;
    expect(finished).toMatchObject({
      total: uids.length,
      doneCount: uids.length,
      blockedCount: uids.length,
      failedCount: 0,
    });
    const results = await jobResults(db, job.id);
    expect(new Set(results.filter((result) => result.outcome === "blocked").map((result) => result.uid))).toEqual(
      new Set(uids),
    );
    // Read from a process still running: the journal is in the shared database.
    const sends = await sendsPerUid(running()[0]!, "POST", uids);
    expect(sends.size).toBe(uids.length);
    expect([...sends.values()].every((sent) => sent === 1)).toBe(true);
    expect((await verifyAuditLog(db)).intact).toBe(true);
  }

  it("shuts down on SIGTERM mid-job: not ready at once, calls in flight finish, leases given back, exit 0; the others finish the job, nothing sent twice", async () => {
    for (const server of servers)
      await chatCall(server, "PUT", "/embedded/settings", {
        body: { latencyMs: LATENCY_MS, pathPattern: "blockedusers$" },
      });
    const uids = Array.from({ length: 200 }, (_, index) => `raider-${index}`);
    const job = await newJob(uids);
    const leaving = (await waitFor(
      "a process that has just sent a call",
      () => runnerOfFreshChunk(job, 500),
      (server) => server !== undefined,
      60_000,
    ))!;
    const pid = leaving.pid();

    const started = Date.now();
    const exit = leaving.terminate("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const ready = await getFresh(`${leaving.baseUrl}/api/ready`);
    expect(ready.status).toBe(503);
    expect((ready.body as { problems: string[] }).problems).toContain("shutting down");
    expect(await exit).toEqual({ code: 0, signal: null });
    stopped.add(leaving);
    // It waited for its call (the service's latency), and not for the whole grace.
    expect(Date.now() - started).toBeGreaterThan(1000);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(leaving.output()).toMatch(/"msg":"stopped"/);
    // Nothing left leased to it: its chunks are done or back to be claimed now, not in a lease's time.
    expect(
      await count(
        db,
        sql`select count(*)::int as n from block_job_chunks where job_id = ${job.id} and status = 'in_flight' and lease_owner like ${`%:${pid}:%`}`,
      ),
    ).toBe(0);

    await finishedClean(job, uids);
  }, 180_000);

  it("finishes a job whose process was killed (SIGKILL) mid-call on the others, no chunk reaching the chat service twice", async () => {
    const uids = Array.from({ length: 200 }, (_, index) => `raider-${200 + index}`);
    const job = await newJob(uids);
    const killed = (await waitFor(
      "a process with a call on its way",
      () => runnerOfFreshChunk(job, 1500),
      (server) => server !== undefined,
      60_000,
    ))!;
    expect(await killed.terminate("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
    stopped.add(killed);

    await finishedClean(job, uids);
    // Its chunk was taken over once its lease ran out, and checked before anything was sent again.
    expect(
      await count(db, sql`select count(*)::int as n from block_job_chunks where job_id = ${job.id} and claims > 1`),
    ).toBeGreaterThan(0);
  }, 180_000);
});
