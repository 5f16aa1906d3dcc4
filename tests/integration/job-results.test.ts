import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../lib/db/client";
import { firstUidsToSend, jobResultsPage } from "../../lib/incidents/job-results";
import { createJob, jobResults, type BlockJob } from "../../lib/incidents/jobs";
import { databaseKinds } from "../support/console-server";
import { openTestDatabase } from "../support/database";

const UIDS = 10_000;

/**
 * A job's page reads one page of its results and the counts from the database: a 10,000-UID job is
 * paged, filtered and counted in SQL, in the job's order, as the whole list (the CSV) has them.
 */
describe.each(await databaseKinds())("a job's results, paged in SQL, on %s", (kind) => {
  let db: Database;
  let close: () => Promise<void>;
  let job: BlockJob;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(kind));
    job = await createJob(db, {
      kind: "block",
      purpose: "incident",
      blockerUid: "blocker-1",
      reason: "Raid",
      uids: Array.from({ length: UIDS }, (_, i) => `raider-${i}`),
      preBlocked: ["old-1", "old-2"],
      settled: {
        "old-1": { outcome: "already_blocked", message: "" },
        "old-2": { outcome: "already_blocked", message: "" },
      },
      chunkSize: 50,
      concurrency: 4,
      createdBy: { id: null, email: "mod@example.com", role: "moderator" },
      operationId: randomUUID(),
    });
    // The first 3,000 are done (every seventh failed), one chunk is on the wire, the rest wait.
    await db.execute(sql`
      update block_job_chunks set status = 'done', outcomes = (
        select jsonb_object_agg(uid, case when (substring(uid from 8))::int % 7 = 0
          then jsonb_build_object('outcome', 'failed', 'message', 'ERR_X: ' || uid)
          else jsonb_build_object('outcome', 'blocked', 'message', '') end)
        from jsonb_array_elements_text(uids) as uid)
      where job_id = ${job.id} and chunk_index between 1 and 60`);
    await db.execute(
      sql`update block_job_chunks set status = 'in_flight' where job_id = ${job.id} and chunk_index = 61`,
    );
  }, 120_000);
  afterAll(async () => close?.());

  it("counts every outcome and reads one page, in the job's order", async () => {
    const first = await jobResultsPage(db, job.id, { outcome: null, page: 1 });
    expect(first.total).toBe(UIDS + 2);
    expect(first.counts).toEqual([
      { outcome: "blocked", count: 2571 },
      { outcome: "already_blocked", count: 2 },
      { outcome: "failed", count: 429 },
      { outcome: "in_flight", count: 50 },
      { outcome: "pending", count: 6950 },
    ]);
    expect(first).toMatchObject({ page: 1, pages: 101, perPage: 100 });
    expect(first.rows.slice(0, 3)).toEqual([
      { uid: "old-1", outcome: "already_blocked", message: "" },
      { uid: "old-2", outcome: "already_blocked", message: "" },
      { uid: "raider-0", outcome: "failed", message: "ERR_X: raider-0" },
    ]);
    const all = await jobResults(db, job.id);
    const middle = await jobResultsPage(db, job.id, { outcome: null, page: 31 });
    expect(middle.rows).toEqual(all.slice(3000, 3100));
    const last = await jobResultsPage(db, job.id, { outcome: null, page: 500 });
    expect(last).toMatchObject({ page: 101 });
    expect(last.rows).toEqual(all.slice(10_000));
  });

  it("filters by outcome in SQL, and keeps the page within range", async () => {
    const failed = await jobResultsPage(db, job.id, { outcome: "failed", page: 5 });
    expect(failed).toMatchObject({ outcome: "failed", page: 5, pages: 5, total: UIDS + 2 });
    expect(failed.rows).toHaveLength(29);
    expect(failed.rows.every((row) => row.outcome === "failed")).toBe(true);
    expect(failed.rows.at(-1)).toEqual({ uid: "raider-2996", outcome: "failed", message: "ERR_X: raider-2996" });
    const inFlight = await jobResultsPage(db, job.id, { outcome: "in_flight", page: 1 });
    expect(inFlight.rows.map((row) => row.uid)).toEqual(Array.from({ length: 50 }, (_, i) => `raider-${3000 + i}`));
    expect(await jobResultsPage(db, job.id, { outcome: "none", page: 2 })).toMatchObject({ page: 1, rows: [] });
  });

  it("shows an approver the first UIDs the job sends, not those already blocked", async () => {
    expect(await firstUidsToSend(db, job.id, 3)).toEqual(["raider-0", "raider-1", "raider-2"]);
  });
});
