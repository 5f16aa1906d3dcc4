import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyAuditLog } from "../../lib/audit/checkpoints";
import type { Database } from "../../lib/db/client";
import { createJob, getJob, jobResults, type BlockJob } from "../../lib/incidents/jobs";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";
import { consolesOnOnePostgres } from "../support/postgres-consoles";
import { waitFor } from "../support/wait-for";

const moderator = { id: null, email: "incident-test@example.com", role: "moderator" };

/** How many calls that reached the embedded service carried each UID. */
async function sendsPerUid(server: ConsoleServer): Promise<Map<string, number>> {
  const journal = await chatCall(server, "GET", "/embedded/journal");
  const sends = new Map<string, number>();
  for (const call of journal.body.data as Array<{ uids: string[] }>) {
    for (const uid of call.uids) sends.set(uid, (sends.get(uid) ?? 0) + 1);
  }
  return sends;
}

const newJob = (db: Database, blocker: string, uids: string[]) =>
  createJob(db, {
    kind: "block",
    purpose: "incident",
    blockerUid: blocker,
    reason: "Raid in #general",
    uids,
    preBlocked: [],
    chunkSize: 25,
    concurrency: 4,
    createdBy: moderator,
    operationId: randomUUID(),
  });

describe.runIf((await databaseKinds()).includes("postgres"))("incident jobs on PostgreSQL", () => {
  const cluster = consolesOnOnePostgres(1, { CHAT_JOURNAL: "1", CHAT_API_TIMEOUT_MS: "2000" });
  let first: ConsoleServer;
  let db: Database;

  beforeAll(async () => {
    [first] = cluster.servers as [ConsoleServer];
    db = cluster.db;
    const created = await chatCall(first, "POST", "/embedded/users", { body: { prefix: "raider", count: 800 } });
    expect(created.body.data.created).toBe(800);
  });

  it("accounts for every UID through 20% of 503s and bursts of 429, with two console processes and no chunk sent twice", async () => {
    const second = await startConsole({ database: "postgres", env: cluster.env() });
    try {
      for (const server of [first, second])
        await chatCall(server, "PUT", "/embedded/settings", {
          body: {
            errorRate: 0.2,
            errorStatus: "503",
            rateLimitBurst: 6,
            retryAfterSeconds: 1,
            // Each call takes 0.4 s, so the job (20 chunks, 4 at a time) runs for seconds: the test sees it half done.
            latencyMs: 400,
            pathPattern: "blockedusers$",
            journal: true,
          },
        });
      const uids = [
        ...Array.from({ length: 480 }, (_, i) => `raider-${i}`),
        ...Array.from({ length: 20 }, (_, i) => `ghost-${i}`),
      ];
      const job = await newJob(db, "cometchat-uid-1", uids);

      const half = await waitFor(
        "half of the job",
        () => getJob(db, job.id),
        (current) => (current?.doneCount ?? 0) >= 250,
      );
      expect(half?.status).toBe("running");
      await chatCall(first, "PUT", "/embedded/settings", { body: { rateLimitBurst: 4 } });

      const finished = (await waitFor(
        "the job",
        () => getJob(db, job.id),
        (current) => current?.status === "completed",
      )) as BlockJob;
      expect(finished).toMatchObject({
        total: 500,
        doneCount: 500,
        blockedCount: 480,
        notFoundCount: 20,
        failedCount: 0,
        alreadyBlockedCount: 0,
      });

      const results = await jobResults(db, job.id);
      expect(results).toHaveLength(500);
      expect(
        results
          .filter((result) => result.outcome === "blocked")
          .map((result) => result.uid)
          .sort(),
      ).toEqual(uids.slice(0, 480).sort());
      expect(
        results
          .filter((result) => result.outcome === "not_found")
          .every((result) => /does not exist/.test(result.message)),
      ).toBe(true);
      expect(results.filter((result) => result.outcome === "not_found")).toHaveLength(20);

      const sends = await sendsPerUid(first);
      expect([...sends.values()].every((count) => count === 1)).toBe(true);
      expect(sends.size).toBe(500);
      expect(first.output() + second.output()).not.toMatch(/tick failed/);
    } finally {
      await second.stop();
    }
  }, 180_000);

  it("carries on after the console is killed mid-job: the job completes, nothing is lost, no chunk arrives twice", async () => {
    await chatCall(first, "DELETE", "/embedded/journal");
    await chatCall(first, "PUT", "/embedded/settings", {
      body: { errorRate: 0, rateLimitBurst: 0, latencyMs: 150, journal: true },
    });
    const uids = Array.from({ length: 300 }, (_, i) => `raider-${500 + i}`);
    const job = await newJob(db, "cometchat-uid-2", uids);
    await waitFor(
      "a third of the job",
      () => getJob(db, job.id),
      (current) => (current?.doneCount ?? 0) >= 100,
    );

    await first.restart({ hard: true });
    await chatCall(first, "PUT", "/embedded/settings", { body: { journal: true } });

    const finished = (await waitFor(
      "the job after the restart",
      () => getJob(db, job.id),
      (current) => current?.status === "completed",
    )) as BlockJob;
    expect(finished).toMatchObject({ total: 300, doneCount: 300, blockedCount: 300, failedCount: 0 });
    const results = await jobResults(db, job.id);
    expect(new Set(results.filter((result) => result.outcome === "blocked").map((result) => result.uid))).toEqual(
      new Set(uids),
    );

    // The service's own state agrees: every UID is blocked by cometchat-uid-2.
    const blocked = await chatCall(first, "GET", "/users/cometchat-uid-2/blockedusers?perPage=1000");
    const blockedUids = new Set((blocked.body.data as Array<{ uid: string }>).map((user) => user.uid));
    expect(uids.every((uid) => blockedUids.has(uid))).toBe(true);

    // Chunks that were on their way when the process died were taken up again after the restart.
    const retaken = await db.execute(
      sql`select count(*)::int as n from block_job_chunks where job_id = ${job.id} and claims > 1`,
    );
    expect((retaken as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBeGreaterThan(0);

    const sends = await sendsPerUid(first);
    expect([...sends.values()].every((count) => count === 1)).toBe(true);
    expect((await verifyAuditLog(db)).intact).toBe(true);
  }, 180_000);
});
