import { getDb, type Database } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { allowedPerMinute } from "@/lib/incidents/pace";
import { rateLimitInUse } from "@/lib/incidents/rate-budget";
import { log } from "@/lib/log";
import { defineWorker } from "@/lib/workers/define-worker";
import { StoppedWaiting } from "./budget";
import { runIndexPass, type PassSummary } from "./index-pass";
import { releaseIndexLease, takeIndexLease } from "./index-store";
import { settleDue } from "@/lib/settlements/settle";

/**
 * Keeps the index of reports: every process runs this worker, and the one holding the lease reads
 * the flagged list, at most every ten seconds and no more often than keeps its calls within the
 * index's share of the jobs' budget, then settles at once the reviews whose answer never came that the
 * read tells (the one settlement of lost answers, lib/settlements, settles them and every other kind).
 */

const EVERY_MS = 10_000;
/** Of the calls a minute incident jobs may make (INCIDENT_RATE_SHARE), the index uses at most this share. */
export const INDEX_SHARE_OF_JOBS = 0.2;

const indexLog = () => log().child({ component: "report-index" });

/** How long after a read of `calls` calls the next may start, for the index to keep to its share. */
export function restAfterMs(calls: number, jobsPerMinute: number): number {
  const perMinute = Math.max(1, jobsPerMinute * INDEX_SHARE_OF_JOBS);
  return Math.max(EVERY_MS, Math.ceil((calls / perMinute) * 60_000));
}

/** One read and its settlements, under the lease; undefined when another process holds it. */
export async function indexOnce(
  db: Database,
  owner: string,
  stopping: () => boolean,
): Promise<PassSummary | undefined> {
  if (!(await takeIndexLease(db, owner))) return undefined;
  try {
    const pass = await runIndexPass(db, stopping);
    await settleDue(db, owner, stopping, ["review"]);
    return pass;
  } finally {
    await releaseIndexLease(db, owner);
  }
}

type IndexerState = { owner: string; stopped: () => boolean; nextAt: number };

export const reportIndexer = defineWorker<IndexerState>({
  name: "report index",
  everyMs: () => 1000,
  firstTick: "after interval",
  // The first read a little after start, once the embedded chat service (started after the console) answers.
  init: ({ owner, stopped }) => ({ owner, stopped, nextAt: Date.now() + EVERY_MS }),
  tick: async ({ state }) => {
    if (Date.now() < state.nextAt) return;
    state.nextAt = Date.now() + EVERY_MS;
    try {
      const pass = await indexOnce(await getDb(), state.owner, state.stopped);
      if (pass) {
        const jobs = allowedPerMinute(rateLimitInUse(), getEnv().incident.rateShare);
        state.nextAt = pass.finishedAt.getTime() + restAfterMs(pass.calls, jobs);
      }
    } catch (err) {
      if (err instanceof StoppedWaiting) return;
      indexLog().warn({ err }, "the flagged list could not be read; the index tries again at its next read");
    }
  },
});
