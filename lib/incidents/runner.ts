import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, sql } from "drizzle-orm";
import { appendAuditEvent, type AuditActor } from "@/lib/audit/append";
import { auditedOperation, AuditUnavailableError } from "@/lib/audit/operation";
import { chatApiForJobs, ChatApiError } from "@/lib/chat-api";
import { blockOutcomeRows, countOutcomes, type BlockOutcomeRow } from "@/lib/chat-api/block-outcomes";
import { getDb, type Database } from "@/lib/db/client";
import { blockJobChunks, blockJobs, type ChunkOutcomes } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { currentlyBlocked } from "./blocked-list";
import type { BlockJob } from "./jobs";

/**
 * Runs incident jobs in the background of every console process. Chunks are claimed in a
 * transaction (row locks with SKIP LOCKED, and a lease), so that with several processes on one
 * PostgreSQL database no chunk is run by two of them, and a job's concurrency holds across them.
 * A chunk's outcomes and the job's counters are written together once its call returns, and a
 * chunk whose call was cut off (a restart, a time-out) is checked against the blocker's current
 * blocks before anything is sent again: a completed chunk is never sent twice.
 */

/** What a runner needs of a chunk it has claimed. */
type Chunk = Pick<typeof blockJobChunks.$inferSelect, "jobId" | "chunkIndex" | "uids" | "failures" | "uncertain">;
type Runner = {
  id: string;
  inFlight: Set<Promise<void>>;
  /** Chunks of each job this runner is working on. */
  active: Map<string, number>;
  /**
   * Chunks of each job whose call has returned and whose outcome is being written: no longer in
   * flight to the chat service, so their places go to the next chunks while the writing goes on.
   */
  recording: Map<string, number>;
  /** The running jobs, as last read: chunk after chunk reuses the list; a change of job re-reads it. */
  jobs?: { list: BlockJob[]; readAt: number };
  ticking: boolean;
  again: boolean;
  stopped: boolean;
  timer?: NodeJS.Timeout;
};

const POLL_MS = 500;
/** How long the list of running jobs is reused; a claim checks the job's status itself anyway. */
const JOBS_FRESH_MS = 1000;
/** Failures of one chunk before it is split in two, so that one bad UID cannot fail its neighbours. */
const SPLIT_AFTER = 3;
/** Failures of a single-UID chunk before that UID is recorded as failed. */
const GIVE_UP_AFTER = 5;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 30_000;

const holder = globalThis as typeof globalThis & { __incidentJobRunner?: Runner };

const leaseMs = () => 2 * getEnv().chatApiTimeoutMs + 10_000;

/** Exponential backoff with jitter: half the step, plus a random part of the other half. */
export function backoffMs(failures: number, random = Math.random): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

const actorOf = (job: BlockJob): AuditActor => ({
  id: job.createdById,
  email: job.createdByEmail,
  role: job.createdByRole,
});

type ClaimedRow = { job_id: string; chunk_index: number; uids: string[]; failures: number; uncertain: boolean };

/**
 * Takes up to the job's free places in chunks that are due, in one statement: the job's row lock
 * (SKIP LOCKED) makes claims of several processes take turns, a job held by a 429 gets none, and a
 * chunk whose lease ran out (its runner stopped mid-call) is taken over as uncertain: that call may
 * have happened.
 */
async function claimChunks(db: Database, job: BlockJob, owner: string, returned: number): Promise<Chunk[]> {
  const lease = new Date(Date.now() + leaseMs());
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
      order by chunk.chunk_index
      limit greatest(0, coalesce((select concurrency from job), 0) - (select n from busy) + ${returned})
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

/**
 * Records a chunk's outcomes and adds them to the job's counters, in one statement. Without the
 * lease (another runner took the chunk over), nothing is written: that runner records it.
 */
async function completeChunk(db: Database, chunk: Chunk, owner: string, outcomes: ChunkOutcomes): Promise<void> {
  const count = (name: string) => Object.values(outcomes).filter((entry) => entry.outcome === name).length;
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
        failed_count = failed_count + ${count("failed") + count("unknown")},
        updated_at = now()
    where id = ${chunk.jobId} and exists (select 1 from done)`);
}

async function releaseChunk(
  db: Database,
  chunk: Chunk,
  owner: string,
  changes: Partial<typeof blockJobChunks.$inferInsert>,
): Promise<void> {
  await db
    .update(blockJobChunks)
    .set({ status: "pending", leaseOwner: null, leaseExpiresAt: null, ...changes })
    .where(ownChunk(chunk, owner));
}

/** Splits a chunk that keeps failing in two halves, so that the UIDs that can succeed do. */
async function splitChunk(
  db: Database,
  chunk: Chunk,
  owner: string,
  uids: string[],
  uncertain: boolean,
  lastError: string,
) {
  await db.transaction(async (tx) => {
    await tx.select({ id: blockJobs.id }).from(blockJobs).where(eq(blockJobs.id, chunk.jobId)).for("update");
    const split = await tx
      .update(blockJobChunks)
      .set({ status: "split", leaseOwner: null, leaseExpiresAt: null, lastError, completedAt: new Date() })
      .where(ownChunk(chunk, owner))
      .returning({ chunkIndex: blockJobChunks.chunkIndex });
    if (split.length === 0) return;
    const [{ last } = { last: 0 }] = await tx
      .select({ last: sql<number>`max(${blockJobChunks.chunkIndex})`.mapWith(Number) })
      .from(blockJobChunks)
      .where(eq(blockJobChunks.jobId, chunk.jobId));
    const half = Math.ceil(uids.length / 2);
    await tx.insert(blockJobChunks).values([
      { jobId: chunk.jobId, chunkIndex: last + 1, uids: uids.slice(0, half), uncertain },
      { jobId: chunk.jobId, chunkIndex: last + 2, uids: uids.slice(half), uncertain },
    ]);
  });
}

/** Ends every chunk not yet sent as failed: the job cannot go on (the blocker does not exist, say). */
async function failRemaining(db: Database, job: BlockJob, message: string) {
  const pending = await db
    .select()
    .from(blockJobChunks)
    .where(and(eq(blockJobChunks.jobId, job.id), eq(blockJobChunks.status, "pending")));
  for (const chunk of pending) {
    const claimed = await db
      .update(blockJobChunks)
      .set({ status: "in_flight", leaseOwner: "failing", leaseExpiresAt: new Date(Date.now() + leaseMs()) })
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

const failedOutcomes = (uids: string[], message: string): ChunkOutcomes =>
  Object.fromEntries(uids.map((uid) => [uid, { outcome: "failed", message }]));

function outcomesOf(rows: BlockOutcomeRow[]): ChunkOutcomes {
  return Object.fromEntries(
    rows.filter((row) => !row.unexpected).map((row) => [row.uid, { outcome: row.outcome, message: row.message }]),
  );
}

/**
 * Before a chunk whose earlier call may have reached the service is sent again: what the
 * blocker's blocks now say is taken as that call's outcome, and only the rest is sent.
 */
async function reconcile(job: BlockJob, uids: string[]): Promise<{ settled: ChunkOutcomes; toSend: string[] }> {
  const blocked = await currentlyBlocked(chatApiForJobs(), job.blockerUid);
  const preBlocked = new Set(job.preBlocked);
  const settled: ChunkOutcomes = {};
  const toSend: string[] = [];
  const note = "Settled from the blocker's blocks after a call that was cut off (restart or time-out).";
  for (const uid of uids) {
    if (job.kind === "block" && blocked.has(uid)) {
      settled[uid] = preBlocked.has(uid)
        ? { outcome: "already_blocked", message: note }
        : { outcome: "blocked", message: note };
    } else if (job.kind === "unblock" && !blocked.has(uid)) {
      settled[uid] = { outcome: "unblocked", message: note };
    } else {
      toSend.push(uid);
    }
  }
  return { settled, toSend };
}

async function send(job: BlockJob, chunk: Chunk, uids: string[], onReturned: () => void) {
  const client = chatApiForJobs();
  return auditedOperation(
    {
      operationId: randomUUID(),
      actor: actorOf(job),
      action: "incident.job.call",
      targetUid: job.blockerUid,
      reason: job.reason,
      requestBody: { jobId: job.id, chunk: chunk.chunkIndex, kind: job.kind, uids },
    },
    async () => {
      const answer =
        job.kind === "block"
          ? await client.blockUsers(job.blockerUid, uids)
          : await client.unblockUsers(job.blockerUid, uids);
      onReturned();
      return { answer, rows: blockOutcomeRows(uids, answer.data, job.kind) };
    },
    {
      success: ({ answer, rows }) => {
        const counts = countOutcomes(rows);
        const failed = counts.failed + counts.unknown;
        return {
          outcome: failed === 0 ? "succeeded" : failed === rows.length ? "failed" : "partial",
          httpStatus: answer.status,
          summary: { jobId: job.id, chunk: chunk.chunkIndex, counts, outcomes: outcomesOf(rows) },
        };
      },
      failure: (error) =>
        error instanceof ChatApiError
          ? {
              errorCode: error.code ?? error.kind.toUpperCase(),
              httpStatus: error.status,
              summary: { jobId: job.id, chunk: chunk.chunkIndex },
            }
          : { errorCode: "INTERNAL", summary: { jobId: job.id, chunk: chunk.chunkIndex } },
    },
  );
}

async function processChunk(db: Database, job: BlockJob, chunk: Chunk, runner: Runner): Promise<void> {
  const owner = runner.id;
  let returned = false;
  const onReturned = () => {
    returned = true;
    runner.recording.set(job.id, (runner.recording.get(job.id) ?? 0) + 1);
    wakeJobRunner();
  };
  let uids = chunk.uids;
  let settled: ChunkOutcomes = {};
  let uncertain = chunk.uncertain;
  try {
    if (chunk.uncertain) {
      ({ settled, toSend: uids } = await reconcile(job, chunk.uids));
      await db
        .update(blockJobChunks)
        .set({ leaseExpiresAt: new Date(Date.now() + leaseMs()) })
        .where(ownChunk(chunk, owner));
      uncertain = false;
    }
    if (uids.length > 0) {
      const { rows } = await send(job, chunk, uids, onReturned);
      settled = { ...settled, ...outcomesOf(rows) };
    }
    await completeChunk(db, chunk, owner, settled);
  } catch (error) {
    await handleFailure(db, job, chunk, owner, uids, uncertain, error);
  } finally {
    if (returned) {
      const left = (runner.recording.get(job.id) ?? 1) - 1;
      if (left > 0) runner.recording.set(job.id, left);
      else runner.recording.delete(job.id);
    }
  }
}

async function handleFailure(
  db: Database,
  job: BlockJob,
  chunk: Chunk,
  owner: string,
  uids: string[],
  uncertain: boolean,
  error: unknown,
) {
  if (error instanceof AuditUnavailableError) {
    // Nothing was sent: the call waits until the log can be written again.
    await releaseChunk(db, chunk, owner, {
      nextAttemptAt: new Date(Date.now() + backoffMs(chunk.failures + 1)),
      lastError: error.message,
    });
    return;
  }
  if (error instanceof ChatApiError && error.kind === "rate_limited") {
    const until = new Date(Date.now() + (error.retryAfterSeconds ?? 1) * 1000);
    await db.update(blockJobs).set({ pauseUntil: until, updatedAt: new Date() }).where(eq(blockJobs.id, job.id));
    await releaseChunk(db, chunk, owner, { nextAttemptAt: until, lastError: error.userMessage, uncertain });
    return;
  }
  if (error instanceof ChatApiError && (error.kind === "unauthorized" || error.kind === "forbidden")) {
    await db
      .update(blockJobs)
      .set({ status: "paused", lastError: error.userMessage, updatedAt: new Date() })
      .where(eq(blockJobs.id, job.id));
    await releaseChunk(db, chunk, owner, { lastError: error.userMessage, uncertain });
    return;
  }
  if (error instanceof ChatApiError && error.kind === "not_found" && error.code === "ERR_UID_NOT_FOUND") {
    const message = error.userMessage;
    await completeChunk(db, chunk, owner, failedOutcomes(chunk.uids, message));
    await db.update(blockJobs).set({ lastError: message }).where(eq(blockJobs.id, job.id));
    await failRemaining(db, job, message);
    return;
  }
  // A time-out or a lost connection may have reached the service; a 5xx or a refusal did not.
  const mayHaveReached =
    !(error instanceof ChatApiError) ||
    error.kind === "timeout" ||
    error.kind === "network" ||
    error.kind === "malformed_response";
  const message = error instanceof ChatApiError ? error.userMessage : "The console failed while sending this chunk.";
  if (!(error instanceof ChatApiError))
    console.error(`[incident job ${job.id}] chunk ${chunk.chunkIndex} failed`, error);
  const failures = chunk.failures + 1;
  const stillUncertain = uncertain || mayHaveReached;
  if (failures >= SPLIT_AFTER && uids.length > 1) {
    await splitChunk(db, chunk, owner, uids, stillUncertain, message);
  } else if (
    failures >= GIVE_UP_AFTER ||
    (error instanceof ChatApiError && error.kind === "bad_request" && uids.length === 1)
  ) {
    await completeChunk(db, chunk, owner, failedOutcomes(uids, message));
  } else {
    await releaseChunk(db, chunk, owner, {
      failures,
      uncertain: stillUncertain,
      nextAttemptAt: new Date(Date.now() + backoffMs(failures)),
      lastError: message,
    });
  }
}

/** Marks a running job whose chunks are all done as completed, and records its end once. */
async function finishIfDone(db: Database, job: BlockJob): Promise<void> {
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
  if (!finished) return;
  const failed = finished.failedCount;
  await appendAuditEvent({
    operationId: randomUUID(),
    actor: actorOf(finished),
    action: "incident.job.end",
    outcome: failed === 0 ? "succeeded" : failed === finished.total ? "failed" : "partial",
    targetUid: finished.blockerUid,
    reason: finished.reason,
    requestBody: { jobId: finished.id, kind: finished.kind, purpose: finished.purpose },
    summary: {
      jobId: finished.id,
      total: finished.total,
      blocked: finished.blockedCount,
      alreadyBlocked: finished.alreadyBlockedCount,
      unblocked: finished.unblockedCount,
      notBlocked: finished.notBlockedCount,
      failed: finished.failedCount,
      durationMs: finished.finishedAt!.getTime() - finished.createdAt.getTime(),
    },
  });
}

async function tick(runner: Runner): Promise<void> {
  if (runner.ticking) {
    runner.again = true;
    return;
  }
  runner.ticking = true;
  try {
    do {
      runner.again = false;
      if (runner.stopped) return;
      const db = await getDb();
      if (!runner.jobs || Date.now() - runner.jobs.readAt > JOBS_FRESH_MS) {
        runner.jobs = {
          list: await db.select().from(blockJobs).where(eq(blockJobs.status, "running")),
          readAt: Date.now(),
        };
      }
      for (const job of runner.jobs.list) {
        if (job.pauseUntil && job.pauseUntil.getTime() > Date.now()) continue;
        const claimed = await claimChunks(db, job, runner.id, runner.recording.get(job.id) ?? 0);
        for (const chunk of claimed) {
          runner.active.set(job.id, (runner.active.get(job.id) ?? 0) + 1);
          const work: Promise<void> = processChunk(db, job, chunk, runner)
            .catch((error: unknown) => console.error(`[incident job ${job.id}] chunk ${chunk.chunkIndex}`, error))
            .finally(() => {
              runner.inFlight.delete(work);
              const left = (runner.active.get(job.id) ?? 1) - 1;
              if (left > 0) runner.active.set(job.id, left);
              else runner.active.delete(job.id);
              wakeJobRunner();
            });
          runner.inFlight.add(work);
        }
        // Another runner may still hold chunks of it: finishing checks the database, not this runner.
        if (claimed.length === 0 && !runner.active.has(job.id)) await finishIfDone(db, job);
      }
    } while (runner.again);
  } catch (error) {
    console.error("[incident runner] tick failed", error);
  } finally {
    runner.ticking = false;
    if (!runner.stopped) {
      clearTimeout(runner.timer);
      runner.timer = setTimeout(() => void tick(runner), POLL_MS);
    }
  }
}

/** Starts this process's runner (once); it polls for work and is woken when there is some. */
export function startJobRunner(): void {
  if (holder.__incidentJobRunner) return;
  const runner: Runner = {
    id: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    inFlight: new Set(),
    active: new Map(),
    recording: new Map(),
    ticking: false,
    again: false,
    stopped: false,
  };
  holder.__incidentJobRunner = runner;
  void tick(runner);
}

/**
 * Looks for work now rather than at the next poll: a chunk ended, or (`jobsChanged`) a job was
 * created, paused, resumed or cancelled.
 */
export function wakeJobRunner(options: { jobsChanged?: boolean } = {}): void {
  const runner = holder.__incidentJobRunner;
  if (!runner || runner.stopped) return;
  if (options.jobsChanged) runner.jobs = undefined;
  void tick(runner);
}

/** Stops taking up chunks and waits (a while) for the calls on their way, before the process exits. */
export async function stopJobRunner(waitMs = 15_000): Promise<void> {
  const runner = holder.__incidentJobRunner;
  if (!runner) return;
  runner.stopped = true;
  clearTimeout(runner.timer);
  await Promise.race([Promise.allSettled([...runner.inFlight]), new Promise((resolve) => setTimeout(resolve, waitMs))]);
}
