import { AuditUnavailableError } from "@/lib/audit/operation";
import { ChatApiError } from "@/lib/chat-api";
import type { Database } from "@/lib/db/client";
import { log } from "@/lib/log";
import { nextChunkStep, type ChunkFailure } from "./chunk-policy";
import {
  completeChunk,
  failedOutcomes,
  failRemaining,
  holdJob,
  pauseJob,
  releaseChunk,
  setJobError,
  splitChunk,
  type Chunk,
} from "./chunk-store";
import type { BlockJob } from "./jobs";

/** What the runner does with a chunk whose attempt failed: the policy's decision (chunk-policy.ts), carried out. */

function failureOf(error: unknown): { failure: ChunkFailure; message: string } {
  if (error instanceof AuditUnavailableError) return { failure: { kind: "log_unavailable" }, message: error.message };
  if (error instanceof ChatApiError) return { failure: error, message: error.userMessage };
  return { failure: { kind: "console" }, message: "The console failed while sending this chunk." };
}

/** Carries out the policy's next step for a chunk whose attempt at `uids` failed. */
export async function handleFailure(
  db: Database,
  job: BlockJob,
  chunk: Chunk,
  owner: string,
  uids: string[],
  uncertain: boolean,
  error: unknown,
) {
  const { failure, message } = failureOf(error);
  if (failure.kind === "console")
    log().error(
      { err: error, component: "incident-runner", jobId: job.id, chunk: chunk.chunkIndex },
      "a chunk failed in the console",
    );
  const next = nextChunkStep(failure, { failures: chunk.failures, sent: uids.length, uncertain });
  const after = (ms: number) => new Date(Date.now() + ms);
  switch (next.step) {
    case "await_log":
      return releaseChunk(db, chunk, owner, { nextAttemptAt: after(next.afterMs), lastError: message });
    case "hold": {
      const until = after(next.forMs);
      await holdJob(db, job, until);
      return releaseChunk(db, chunk, owner, { nextAttemptAt: until, lastError: message, uncertain: next.uncertain });
    }
    case "pause":
      await pauseJob(db, job, message);
      return releaseChunk(db, chunk, owner, { lastError: message, uncertain: next.uncertain });
    case "fail_job":
      await completeChunk(db, chunk, owner, failedOutcomes(chunk.uids, message));
      await setJobError(db, job, message);
      return failRemaining(db, job, message);
    case "split":
      return splitChunk(db, chunk, owner, { uids, uncertain: next.uncertain, lastError: message });
    case "give_up":
      return completeChunk(db, chunk, owner, failedOutcomes(uids, message));
    case "retry":
      return releaseChunk(db, chunk, owner, {
        failures: next.failures,
        uncertain: next.uncertain,
        nextAttemptAt: after(next.afterMs),
        lastError: message,
      });
  }
}
