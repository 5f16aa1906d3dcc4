import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../lib/db/client";
import { createJob, getJob, type BlockJob } from "../../lib/incidents/jobs";
import { chatCall } from "../support/chat-client";
import { databaseKinds, type ConsoleServer } from "../support/console-server";
import { consolesOnOnePostgres } from "../support/postgres-consoles";
import { waitFor } from "../support/wait-for";

const moderator = { id: null, email: "pacing-test@example.com", role: "moderator" };
// 600 a minute announced, half of it for jobs: 5 calls a second for both processes together.
const LIMIT = 600;
const SHARE_PER_SECOND = 5;

const newJob = (db: Database, blocker: string, uids: string[], chunkSize: number) =>
  createJob(db, {
    kind: "block",
    purpose: "incident",
    blockerUid: blocker,
    reason: "Raid in #general",
    uids,
    preBlocked: [],
    chunkSize,
    concurrency: 8,
    createdBy: moderator,
    operationId: randomUUID(),
  });

/** When each block call that took effect arrived, in ms, from the journal both processes' services share. */
async function arrivals(db: Database): Promise<number[]> {
  const { rows } = (await db.execute(
    sql`select extract(epoch from received_at) * 1000 as at from chat_block_call_journal order by received_at`,
  )) as unknown as { rows: Array<{ at: number }> };
  return rows.map((row) => Number(row.at));
}

/** The most calls in any window of `ms`. */
function busiest(times: number[], ms: number): number {
  let most = 0;
  for (let start = 0, end = 0; end < times.length; end += 1) {
    while (times[end]! - times[start]! >= ms) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe.runIf((await databaseKinds()).includes("postgres"))("incident jobs' shared rate budget on PostgreSQL", () => {
  const cluster = consolesOnOnePostgres(2, {
    CHAT_JOURNAL: "1",
    CHAT_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    INCIDENT_RATE_SHARE: "0.5",
    INCIDENT_CONCURRENCY: "8",
    CHAT_API_TIMEOUT_MS: "3000",
  });
  let first: ConsoleServer;
  let second: ConsoleServer;
  let db: Database;

  beforeAll(async () => {
    [first, second] = cluster.servers as [ConsoleServer, ConsoleServer];
    db = cluster.db;
    const created = await chatCall(first, "POST", "/embedded/users", { body: { prefix: "paced", count: 300 } });
    expect(created.body.data.created).toBe(300);
  });

  it("keeps two processes together within the jobs' share of the announced limit, and uses it", async () => {
    for (const server of [first, second])
      await chatCall(server, "PUT", "/embedded/settings", { body: { latencyMs: 50, journal: true } });
    const uids = Array.from({ length: 100 }, (_, i) => `paced-${i}`);
    const job = await newJob(db, "cometchat-uid-3", uids, 1);
    const started = Date.now();
    const finished = (await waitFor(
      "the paced job",
      () => getJob(db, job.id),
      (current) => current?.status === "completed",
    )) as BlockJob;
    const seconds = (Date.now() - started) / 1000;
    expect(finished).toMatchObject({ total: 100, blockedCount: 100, failedCount: 0 });

    const times = await arrivals(db);
    expect(times).toHaveLength(100);
    // Each process at 5 a second of its own would take 10 s; sharing the 5, 20 s.
    expect(seconds).toBeGreaterThan(17);
    expect(seconds).toBeLessThan(40);
    // A second may take up what the two before it left: any 10 s hold at most 12 s of the share.
    expect(busiest(times, 10_000)).toBeLessThanOrEqual(12 * SHARE_PER_SECOND + 2);
    expect(first.output() + second.output()).not.toMatch(/tick failed/);
  }, 90_000);

  it("rides out a 429 storm: the job holds, backs off and completes with every UID sent once", async () => {
    await chatCall(first, "DELETE", "/embedded/journal");
    for (const server of [first, second])
      await chatCall(server, "PUT", "/embedded/settings", {
        body: { latencyMs: 0, rateLimitRate: 0.6, retryAfterSeconds: 1, pathPattern: "blockedusers$", journal: true },
      });
    const uids = Array.from({ length: 200 }, (_, i) => `paced-${100 + i}`);
    const job = await newJob(db, "cometchat-uid-4", uids, 10);
    const held = await waitFor(
      "a hold",
      () => getJob(db, job.id),
      (current) => current?.pauseUntil !== null || current?.status === "completed",
    );
    expect(held?.pauseUntil).not.toBeNull();
    for (const server of [first, second])
      await chatCall(server, "PUT", "/embedded/settings", { body: { rateLimitRate: 0 } });
    const finished = (await waitFor(
      "the job after the storm",
      () => getJob(db, job.id),
      (current) => current?.status === "completed",
    )) as BlockJob;
    expect(finished).toMatchObject({ total: 200, blockedCount: 200, failedCount: 0 });
    const journal = await chatCall(first, "GET", "/embedded/journal");
    const sent = (journal.body.data as Array<{ uids: string[] }>).flatMap((call) => call.uids);
    expect(sent.sort()).toEqual([...uids].sort());
  }, 90_000);
});
