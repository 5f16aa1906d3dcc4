import { randomUUID } from "node:crypto";
import { jobCreator } from "@/lib/audit/actor";
import { appendAuditEvent } from "@/lib/audit/append";
import { ChatApiError, latestRateLimit } from "@/lib/chat-api";
import { getDb, type Database } from "@/lib/db/client";
import type { ChunkOutcomes } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { defineWorker } from "@/lib/workers/define-worker";
import { reconcile, sendChunk } from "./chunk-call";
import { handleFailure } from "./chunk-failure";
import {
  claimChunks,
  completeChunk,
  completeJobIfDone,
  releaseChunk,
  renewLease,
  runningJobs,
  type Chunk,
} from "./chunk-store";
import { jobKindOf } from "./job-kind";
import { isBlockKind, JOB_KINDS } from "./job-kinds";
import type { BlockJob } from "./jobs";
import { recordTimedBlocks } from "./job-timed-blocks";
import { initialPace, nextPace, openingPace, roomToSend, type Pace, type PaceSignal } from "./pace";
import { awaitCallPlace } from "./call-place";
import { rateLimitInUse } from "./rate-budget";

/**
 * Runs incident jobs in the background of every console process: claims due chunks, sends them
 * and records what came back. A chunk's outcomes and the job's counters are written together once
 * its call returns, and a chunk whose call was cut off (a restart, a time-out) is checked against
 * the blocker's current blocks before anything is sent again: a completed chunk is never sent twice.
 */

type Runner = {
  id: string;
  /** True once the process began to shut down: a chunk waiting for its place gives up. */
  stopped: () => boolean;
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
  /** Chunks this runner holds a lease on, by `chunkKey`: given back at shutdown if still held. */
  claimed: Map<string, Chunk>;
  /** Of those, the chunks whose call is on its way to the chat service now. */
  onWire: Set<string>;
  /** Calls in flight this process allows itself now, within INCIDENT_CONCURRENCY. */
  pace: Pace;
};

const POLL_MS = 500;
/** How long the list of running jobs is reused; a claim checks the job's status itself anyway. */
const JOBS_FRESH_MS = 1000;

const runnerLog = () => log().child({ component: "incident-runner" });

function paceSettings() {
  const { concurrency, rateReserve } = getEnv().incident;
  return { maxInFlight: concurrency, reserve: rateReserve };
}

function feelPace(runner: Runner, signal: PaceSignal) {
  runner.pace = nextPace(runner.pace, signal, paceSettings(), Date.now());
}

const cancelledOutcomes = (uids: string[]): ChunkOutcomes =>
  Object.fromEntries(uids.map((uid) => [uid, { outcome: "cancelled", message: "Not sent: the job was cancelled." }]));

/** Calls of this process's jobs that are on their way to the chat service (not being recorded). */
function callsInFlight(runner: Runner): number {
  let calls = 0;
  for (const count of runner.active.values()) calls += count;
  for (const count of runner.recording.values()) calls -= count;
  return calls;
}

const chunkKey = (chunk: Chunk) => `${chunk.jobId}:${chunk.chunkIndex}`;

async function processChunk(db: Database, job: BlockJob, chunk: Chunk, runner: Runner): Promise<void> {
  const owner = runner.id;
  let returned = false;
  const onReturned = () => {
    returned = true;
    runner.onWire.delete(chunkKey(chunk));
    runner.recording.set(job.id, (runner.recording.get(job.id) ?? 0) + 1);
    wakeJobRunner();
  };
  let uids = chunk.uids;
  let settled: ChunkOutcomes = {};
  let uncertain = chunk.uncertain;
  try {
    if (chunk.uncertain) {
      ({ settled, toSend: uids } = await reconcile(job, chunk.uids));
      await renewLease(db, chunk, owner);
      uncertain = false;
    }
    if (uids.length > 0) {
      const place = await awaitCallPlace(db, chunk, owner, runner.stopped);
      // Stopped while it waited: a paused job sends the chunk after its resume (a process shutting
      // down leaves it to the others); a cancelled one never.
      if (place === "paused" || place === "stopping") return await releaseChunk(db, chunk, owner, {});
      if (place === "cancelled")
        return await completeChunk(db, chunk, owner, { ...cancelledOutcomes(uids), ...settled });
      runner.onWire.add(chunkKey(chunk));
      try {
        settled = { ...settled, ...(await sendChunk(job, chunk, uids, onReturned)) };
      } finally {
        runner.onWire.delete(chunkKey(chunk));
      }
      const announced = latestRateLimit();
      feelPace(runner, {
        kind: "answered",
        limit: rateLimitInUse(),
        remaining: announced?.remaining,
        waitedForBudget: place === "waited",
      });
    }
    await completeChunk(db, chunk, owner, settled);
    await recordTimedBlocks(db, job, settled);
  } catch (error) {
    if (error instanceof ChatApiError && error.kind === "rate_limited") feelPace(runner, { kind: "rate_limited" });
    await handleFailure(db, job, chunk, owner, uids, uncertain, error);
  } finally {
    if (returned) {
      const left = (runner.recording.get(job.id) ?? 1) - 1;
      if (left > 0) runner.recording.set(job.id, left);
      else runner.recording.delete(job.id);
    }
  }
}

/** Records the end of a job whose chunks are all done, once, whichever process sees it first. */
async function finishIfDone(db: Database, job: BlockJob): Promise<void> {
  const finished = await completeJobIfDone(db, job);
  if (!finished) return;
  const { logEnd } = jobKindOf(finished.kind);
  if (logEnd) return logEnd(db, finished);
  // A UID the service does not have was not blocked either: the job did not do all it was asked.
  const failed = finished.failedCount + finished.notFoundCount;
  await appendAuditEvent({
    operationId: randomUUID(),
    actor: jobCreator(finished),
    action: "incident.job.end",
    outcome: failed === 0 ? "succeeded" : failed === finished.total ? "failed" : "partial",
    affectedUids: finished.blockerUid ? [finished.blockerUid] : [],
    targetUid: finished.blockerUid ?? undefined,
    reason: finished.reason,
    requestBody: { jobId: finished.id, kind: finished.kind, purpose: finished.purpose },
    summary: {
      jobId: finished.id,
      total: finished.total,
      ...(isBlockKind(finished.kind)
        ? {
            blocked: finished.blockedCount,
            alreadyBlocked: finished.alreadyBlockedCount,
            unblocked: finished.unblockedCount,
            notBlocked: finished.notBlockedCount,
          }
        : {
            group: finished.groupGuid ?? undefined,
            [JOB_KINDS[finished.kind].changed]: finished.changedCount,
            [JOB_KINDS[finished.kind].unchanged]: finished.unchangedCount,
          }),
      notFound: finished.notFoundCount,
      failed: finished.failedCount,
      durationMs: finished.finishedAt!.getTime() - finished.createdAt.getTime(),
    },
  });
}

/** Claims the chunks there is room for, job after job, and starts each one's call. */
async function tick(runner: Runner): Promise<void> {
  const db = await getDb();
  if (!runner.jobs || Date.now() - runner.jobs.readAt > JOBS_FRESH_MS) {
    runner.jobs = { list: await runningJobs(db), readAt: Date.now() };
  }
  runner.pace = openingPace(runner.pace, latestRateLimit(), paceSettings(), Date.now());
  for (const job of runner.jobs.list) {
    if (job.pauseUntil && job.pauseUntil.getTime() > Date.now()) continue;
    const room = roomToSend(runner.pace, callsInFlight(runner), Date.now());
    const claimed = await claimChunks(db, job, runner.id, runner.recording.get(job.id) ?? 0, room);
    for (const chunk of claimed) {
      const key = chunkKey(chunk);
      runner.claimed.set(key, chunk);
      runner.active.set(job.id, (runner.active.get(job.id) ?? 0) + 1);
      const work: Promise<void> = processChunk(db, job, chunk, runner)
        .catch((err: unknown) =>
          runnerLog().error({ err, jobId: job.id, chunk: chunk.chunkIndex }, "a chunk's work failed"),
        )
        .finally(() => {
          runner.claimed.delete(key);
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
}

/**
 * This process's runner: it polls for work and is woken when there is some. At shutdown it takes
 * up no more chunks, lets the calls on their way finish until the deadline, then gives back the
 * chunks it still holds, at once rather than when their leases run out, marked uncertain (a call
 * may have been made for them): the process that takes one up checks the blocker's blocks first and
 * sends only what did not take effect. A chunk whose call is still on the wire keeps its lease: the
 * service may yet carry it out, and a check made now could miss it; it is taken over, as uncertain,
 * when the lease runs out. (A grace longer than CHAT_API_TIMEOUT_MS leaves none: every call has
 * answered or timed out by then.)
 */
export const jobRunner = defineWorker<Runner>({
  name: "incident job runner",
  everyMs: () => POLL_MS,
  init: ({ owner, stopped }) => ({
    id: owner,
    stopped,
    inFlight: new Set(),
    active: new Map(),
    recording: new Map(),
    claimed: new Map(),
    onWire: new Set(),
    pace: initialPace(),
  }),
  tick: ({ state }) => tick(state),
  underWay: (runner) => [...runner.inFlight],
  release: async ({ state: runner }) => {
    const held = [...runner.claimed.entries()].filter(([key]) => !runner.onWire.has(key)).map(([, chunk]) => chunk);
    if (runner.onWire.size > 0)
      runnerLog().warn(
        { chunks: [...runner.onWire] },
        "calls still on their way at the end of the shutdown grace: their chunks are taken over when their leases run out",
      );
    if (held.length === 0) return;
    const db = await getDb();
    await Promise.all(
      held.map((chunk) => releaseChunk(db, chunk, runner.id, { uncertain: true, nextAttemptAt: new Date() })),
    );
    runnerLog().info({ chunks: held.map(chunkKey) }, "chunks given back, to be checked before any resend");
  },
});

/**
 * Looks for work now rather than at the next poll: a chunk ended, or (`jobsChanged`) a job was
 * created, paused, resumed or cancelled.
 */
export function wakeJobRunner(options: { jobsChanged?: boolean } = {}): void {
  const runner = jobRunner.current();
  if (options.jobsChanged && runner) runner.state.jobs = undefined;
  jobRunner.wake();
}

/** Whether this process runs jobs, and how long ago its runner last went through them. */
export function jobRunnerHeartbeat(): { started: boolean; stopped: boolean; sinceMs: number } | undefined {
  const runner = jobRunner.current();
  return runner && { started: true, stopped: runner.stopped(), sinceMs: Date.now() - runner.beatAt };
}
