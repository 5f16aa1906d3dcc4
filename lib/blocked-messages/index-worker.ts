import { getDb, type Database } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { allowedPerMinute } from "@/lib/incidents/pace";
import { rateLimitInUse } from "@/lib/incidents/rate-budget";
import { log } from "@/lib/log";
import { StoppedWaiting } from "@/lib/reports/budget";
import { defineWorker } from "@/lib/workers/define-worker";
import { runBlockedIndexPass, type BlockedPassSummary } from "./index-pass";
import { releaseBlockedIndexLease, takeBlockedIndexLease } from "./index-store";

/**
 * Keeps the index of blocked messages: every process runs this worker, and the one holding the lease
 * reads the blocked list every few seconds (a raid alert must show within 30 s of a raid's messages),
 * no more often than keeps its calls within the index's share of the jobs' budget, as the reports' index.
 */

const EVERY_MS = 5_000;
/** Of the calls a minute incident jobs may make, this index uses at most this share (a read is one call while under 1,000 wait). */
const SHARE_OF_JOBS = 0.1;

/** How long after a read of `calls` calls the next may start. */
const restAfterMs = (calls: number, jobsPerMinute: number) =>
  Math.max(EVERY_MS, Math.ceil((calls / Math.max(1, jobsPerMinute * SHARE_OF_JOBS)) * 60_000));

const indexLog = () => log().child({ component: "blocked-index" });

/** One read under the lease; undefined when another process holds it. */
async function indexBlockedOnce(
  db: Database,
  owner: string,
  stopping: () => boolean,
): Promise<BlockedPassSummary | undefined> {
  if (!(await takeBlockedIndexLease(db, owner))) return undefined;
  try {
    return await runBlockedIndexPass(db, stopping);
  } finally {
    await releaseBlockedIndexLease(db, owner);
  }
}

type IndexerState = { owner: string; stopped: () => boolean; nextAt: number };

export const blockedIndexer = defineWorker<IndexerState>({
  name: "blocked messages index",
  everyMs: () => 1000,
  firstTick: "after interval",
  init: ({ owner, stopped }) => ({ owner, stopped, nextAt: Date.now() + EVERY_MS }),
  tick: async ({ state }) => {
    if (Date.now() < state.nextAt) return;
    state.nextAt = Date.now() + EVERY_MS;
    try {
      const pass = await indexBlockedOnce(await getDb(), state.owner, state.stopped);
      if (pass) {
        const jobs = allowedPerMinute(rateLimitInUse(), getEnv().incident.rateShare);
        state.nextAt = pass.finishedAt.getTime() + restAfterMs(pass.calls, jobs);
      }
    } catch (err) {
      if (err instanceof StoppedWaiting) return;
      indexLog().warn({ err }, "the blocked list could not be read; the index tries again at its next read");
    }
  },
});
