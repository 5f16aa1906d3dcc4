import { randomUUID } from "node:crypto";
import { jobCreator } from "@/lib/audit/actor";
import { auditedOperation, failureOf } from "@/lib/audit/operation";
import { chatApiForJobs } from "@/lib/chat-api";
import { blockCompletion } from "@/lib/blocking/block-answer";
import { callBlockEndpoint } from "@/lib/blocking/block-call";
import { countOutcomes, type BlockOutcomeRow } from "@/lib/chat-api/block-outcomes";
import type { ChunkOutcomes } from "@/lib/db/schema";
import { currentlyBlocked } from "./blocked-list";
import type { Chunk } from "./chunk-store";
import type { BlockJob } from "./jobs";

/** The chat service's side of a chunk: what its blocker's blocks say, and the logged call that sends it. */

function outcomesOf(rows: BlockOutcomeRow[]): ChunkOutcomes {
  return Object.fromEntries(
    rows.filter((row) => !row.unexpected).map((row) => [row.uid, { outcome: row.outcome, message: row.message }]),
  );
}

/**
 * Before a chunk whose earlier call may have reached the service is sent again: what the
 * blocker's blocks now say is taken as that call's outcome, and only the rest is sent.
 */
export async function reconcile(job: BlockJob, uids: string[]): Promise<{ settled: ChunkOutcomes; toSend: string[] }> {
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

/**
 * Sends the chunk's UIDs as one logged operation and gives their outcomes. `onReturned` runs as
 * soon as the service has answered, before the log's "completed" entry is written.
 */
export async function sendChunk(
  job: BlockJob,
  chunk: Chunk,
  uids: string[],
  onReturned: () => void,
): Promise<ChunkOutcomes> {
  const { rows } = await auditedOperation(
    {
      operationId: randomUUID(),
      actor: jobCreator(job),
      action: "incident.job.call",
      // Folded under the job's own entry in the log's table, and found by any of its UIDs.
      parentOperationId: job.operationId,
      affectedUids: [job.blockerUid, ...uids],
      targetUid: job.blockerUid,
      reason: job.reason,
      requestBody: { jobId: job.id, chunk: chunk.chunkIndex, kind: job.kind, uids },
    },
    async () => {
      const answer = await callBlockEndpoint(chatApiForJobs(), { blocker: job.blockerUid, uids, verb: job.kind });
      onReturned();
      return answer;
    },
    {
      success: ({ status, rows }) => {
        const { outcome } = blockCompletion({ rows, counts: countOutcomes(rows), status });
        return {
          outcome,
          httpStatus: status,
          summary: { jobId: job.id, chunk: chunk.chunkIndex, counts: countOutcomes(rows), outcomes: outcomesOf(rows) },
        };
      },
      // A lost answer is "unknown" here too: the chunk is reconciled with the blocked list before it is sent again.
      failure: (error) => ({ ...failureOf(error), summary: { jobId: job.id, chunk: chunk.chunkIndex } }),
    },
  );
  return outcomesOf(rows);
}
