import { and, eq, sql } from "drizzle-orm";
import { chunkLeaseMs } from "@/lib/chat-api/retry";
import type { Database } from "@/lib/db/client";
import { blockJobChunks, blockJobs, type ChunkOutcomes } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { isBlockKind, JOB_KINDS } from "./job-kinds";
import type { BlockJob } from "./jobs";

/** The outcomes of the kinds beyond blocking, counted in the job's two generic counters. */
const otherKinds = Object.entries(JOB_KINDS).filter(([kind]) => !isBlockKind(kind as BlockJob["kind"]));
const CHANGED = new Set(otherKinds.map(([, spec]) => spec.changed));
const UNCHANGED = new Set(otherKinds.map(([, spec]) => spec.unchanged));

/**
 * The state changes of incident jobs' chunks. Chunks are claimed in a transaction (row locks with
 * SKIP LOCKED, and a lease), so that with several processes on one PostgreSQL database no chunk is
 * run by two of them, and a job's concurrency holds across them. Every change of a claimed chunk
 * needs its lease: a runner whose chunk was taken over writes nothing, the one that took it does.
 */

/** What a runner needs of a chunk it has claimed. */
export type Chunk = Pick<
  typeof blockJobChunks.$inferSelect,
  "jobId" | "chunkIndex" | "uids" | "failures" | "uncertain"
>;

const leaseEnd = () => new Date(Date.now() + chunkLeaseMs(getEnv().chatApiTimeoutMs));

export async function runningJobs(db: Database): Promise<BlockJob[]> {
  return db.select().from(blockJobs).where(eq(blockJobs.status, "running"));
}

type ClaimedRow = { job_id: string; chunk_index: number; uids: string[]; failures: number; uncertain: boolean };

/**
 * Takes up to the job's free places in chunks that are due, in one statement: the job's row lock
 * (SKIP LOCKED) makes claims of several processes take turns, a job held by a 429 gets none, and a
 * chunk whose lease ran out (its runner stopped mid-call) is taken over as uncertain: that call may
 * have happened. `returned` counts this runner's chunks whose call is over but not yet recorded;
 * `room` is what this runner's pace allows beyond its calls in flight.
 */
/**
 * A report decision sends its sender calls (blocks, bans, deactivations) only once every report is
 * decided: each call goes out only for a sender whose message the job removed.
 */
function reportsFirst(job: BlockJob) {
  if (job.kind !== "report_decision") return sql``;
  return sql`and (chunk.uids->>0 like 'report:%' or not exists (
    select 1 from ${blockJobChunks} as report
    where report.job_id = ${job.id} and report.status in ('pending', 'in_flight') and report.uids->>0 like 'report:%'))`;
}

export async function claimChunks(
  db: Database,
  job: BlockJob,
  owner: string,
  returned: number,
  room: number,
): Promise<Chunk[]> {
  if (room <= 0) return [];
  const lease = leaseEnd();
  const { rows } = (await db.execute(sql`
    with job as (
      select ${blockJobs.concurrency} as concurrency from ${blockJobs}
      where ${blockJobs.id} = ${job.id} and ${blockJobs.status} = 'running'
        and (${blockJobs.pauseUntil} is null or ${blockJobs.pauseUntil} <= now())
      for update skip locked
    ),
    busy as (
      select count(*) as n from ${blockJobChunks}
      where ${blockJobChunks.jobId} = ${job.id} and ${blockJobChunks.status} = 'in_flight' and ${blockJobChunks.leaseExpiresAt} > now()
    ),
    picked as (
      select chunk.chunk_index from ${blockJobChunks} as chunk
      where chunk.job_id = ${job.id} and exists (select 1 from job)
        and ((chunk.status = 'pending' and chunk.next_attempt_at <= now())
          or (chunk.status = 'in_flight' and chunk.lease_expires_at <= now()))
        ${reportsFirst(job)}
      order by chunk.chunk_index
      limit least(${room}, greatest(0, coalesce((select concurrency from job), 0) - (select n from busy) + ${returned}))
      for update of chunk skip locked
    )
    update ${blockJobChunks} as target
    set status = 'in_flight', lease_owner = ${owner}, lease_expires_at = ${lease}, claims = target.claims + 1,
        uncertain = target.uncertain or target.status = 'in_flight'
    from picked
    where target.job_id = ${job.id} and target.chunk_index = picked.chunk_index
    returning target.job_id, target.chunk_index, target.uids, target.failures, target.uncertain`)) as unknown as {
    rows: ClaimedRow[];
  };
  return rows.map((row) => ({
    jobId: row.job_id,
    chunkIndex: row.chunk_index,
    uids: row.uids,
    failures: row.failures,
    uncertain: row.uncertain,
  }));
}

const ownChunk = (chunk: Chunk, owner: string) =>
  and(
    eq(blockJobChunks.jobId, chunk.jobId),
    eq(blockJobChunks.chunkIndex, chunk.chunkIndex),
    eq(blockJobChunks.status, "in_flight"),
    eq(blockJobChunks.leaseOwner, owner),
  );

/** A fresh lease, after the slow part before the call (reading the blocker's blocks). */
export async function renewLease(db: Database, chunk: Chunk, owner: string): Promise<void> {
  await db.update(blockJobChunks).set({ leaseExpiresAt: leaseEnd() }).where(ownChunk(chunk, owner));
}

/** Records a chunk's outcomes and adds them to the job's counters, in one statement. */
export async function completeChunk(db: Database, chunk: Chunk, owner: string, outcomes: ChunkOutcomes): Promise<void> {
  const entries = Object.values(outcomes);
  const count = (name: string) => entries.filter((entry) => entry.outcome === name).length;
  const countIn = (names: Set<string>) => entries.filter((entry) => names.has(entry.outcome)).length;
  await db.execute(sql`
    with done as (
      update ${blockJobChunks}
      set status = 'done', outcomes = ${JSON.stringify(outcomes)}::jsonb, completed_at = now(),
          lease_owner = null, lease_expires_at = null, last_error = null
      where job_id = ${chunk.jobId} and chunk_index = ${chunk.chunkIndex} and status = 'in_flight' and lease_owner = ${owner}
      returning chunk_index
    )
    update ${blockJobs}
    set done_count = done_count + ${Object.keys(outcomes).length},
        blocked_count = blocked_count + ${count("blocked")},
        already_blocked_count = already_blocked_count + ${count("already_blocked")},
        unblocked_count = unblocked_count + ${count("unblocked")},
        not_blocked_count = not_blocked_count + ${count("not_blocked")},
        not_found_count = not_found_count + ${count("not_found")},
        failed_count = failed_count + ${count("failed") + count("unknown")},
        cancelled_count = cancelled_count + ${count("cancelled")},
        changed_count = changed_count + ${countIn(CHANGED)},
        unchanged_count = unchanged_count + ${countIn(UNCHANGED)},
        updated_at = now()
    where id = ${chunk.jobId} and exists (select 1 from done)`);
}

/** Gives a chunk back to be claimed again (when `nextAttemptAt` says). */
export async function releaseChunk(
  db: Database,
  chunk: Chunk,
  owner: string,
  changes: Pick<Partial<typeof blockJobChunks.$inferInsert>, "failures" | "uncertain" | "nextAttemptAt" | "lastError">,
): Promise<void> {
  await db
    .update(blockJobChunks)
    .set({ status: "pending", leaseOwner: null, leaseExpiresAt: null, ...changes })
    .where(ownChunk(chunk, owner));
}

/** Splits a chunk that keeps failing in two halves, so that the UIDs that can succeed do. */
export async function splitChunk(
  db: Database,
  chunk: Chunk,
  owner: string,
  split: { uids: string[]; uncertain: boolean; lastError: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: blockJobs.id }).from(blockJobs).where(eq(blockJobs.id, chunk.jobId)).for("update");
    const ended = await tx
      .update(blockJobChunks)
      .set({
        status: "split",
        leaseOwner: null,
        leaseExpiresAt: null,
        lastError: split.lastError,
        completedAt: new Date(),
      })
      .where(ownChunk(chunk, owner))
      .returning({ chunkIndex: blockJobChunks.chunkIndex });
    if (ended.length === 0) return;
    const [{ last } = { last: 0 }] = await tx
      .select({ last: sql<number>`max(${blockJobChunks.chunkIndex})`.mapWith(Number) })
      .from(blockJobChunks)
      .where(eq(blockJobChunks.jobId, chunk.jobId));
    const half = Math.ceil(split.uids.length / 2);
    await tx.insert(blockJobChunks).values([
      { jobId: chunk.jobId, chunkIndex: last + 1, uids: split.uids.slice(0, half), uncertain: split.uncertain },
      { jobId: chunk.jobId, chunkIndex: last + 2, uids: split.uids.slice(half), uncertain: split.uncertain },
    ]);
  });
}

export const failedOutcomes = (uids: string[], message: string): ChunkOutcomes =>
  Object.fromEntries(uids.map((uid) => [uid, { outcome: "failed", message }]));

/** Ends every chunk not yet sent as failed: the job cannot go on (the blocker does not exist, say). */
export async function failRemaining(db: Database, job: BlockJob, message: string): Promise<void> {
  const pending = await db
    .select()
    .from(blockJobChunks)
    .where(and(eq(blockJobChunks.jobId, job.id), eq(blockJobChunks.status, "pending")));
  for (const chunk of pending) {
    const claimed = await db
      .update(blockJobChunks)
      .set({ status: "in_flight", leaseOwner: "failing", leaseExpiresAt: leaseEnd() })
      .where(
        and(
          eq(blockJobChunks.jobId, job.id),
          eq(blockJobChunks.chunkIndex, chunk.chunkIndex),
          eq(blockJobChunks.status, "pending"),
        ),
      )
      .returning();
    if (claimed[0]) await completeChunk(db, claimed[0], "failing", failedOutcomes(chunk.uids, message));
  }
}

/** No claims of the job's chunks in any process until `until`: the chat service asked for a wait. */
export async function holdJob(db: Database, job: BlockJob, until: Date): Promise<void> {
  await db.update(blockJobs).set({ pauseUntil: until, updatedAt: new Date() }).where(eq(blockJobs.id, job.id));
}

/** Pauses the job until a person resumes it: the chat service refuses the console's key, which no retry mends. */
export async function pauseJob(db: Database, job: BlockJob, lastError: string): Promise<void> {
  await db
    .update(blockJobs)
    .set({ status: "paused", lastError, updatedAt: new Date() })
    .where(eq(blockJobs.id, job.id));
}

export async function setJobError(db: Database, job: BlockJob, lastError: string): Promise<void> {
  await db.update(blockJobs).set({ lastError }).where(eq(blockJobs.id, job.id));
}

/** Marks a running job whose chunks are all done as completed; the job, the one time it does. */
export async function completeJobIfDone(db: Database, job: BlockJob): Promise<BlockJob | undefined> {
  const [finished] = await db
    .update(blockJobs)
    .set({ status: "completed", finishedAt: new Date(), updatedAt: new Date(), pauseUntil: null })
    .where(
      and(
        eq(blockJobs.id, job.id),
        eq(blockJobs.status, "running"),
        sql`not exists (select 1 from ${blockJobChunks} where ${blockJobChunks.jobId} = ${job.id} and ${blockJobChunks.status} in ('pending', 'in_flight'))`,
      ),
    )
    .returning();
  return finished;
}
