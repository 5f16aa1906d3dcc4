import { randomUUID } from "node:crypto";
import { jobCreator } from "@/lib/audit/actor";
import { auditedOperation, failureOf } from "@/lib/audit/operation";
import { chatApiForJobs } from "@/lib/chat-api";
import type { ChunkOutcomes } from "@/lib/db/schema";
import type { Chunk } from "./chunk-store";
import { jobKindOf } from "./job-kind";
import type { BlockJob } from "./jobs";

/** The chat service's side of a chunk, as its job's kind (./job-kind.ts) makes it: the logged call that sends it. */

/** The blocker of a block or unblock job: such a job always has one. */
export function blockerOf(job: Pick<BlockJob, "id" | "blockerUid">): string {
  if (job.blockerUid === null) throw new Error(`Job ${job.id} blocks or unblocks but names no blocker.`);
  return job.blockerUid;
}

/**
 * Before a chunk whose earlier call may have reached the service is sent again: what the service
 * now shows, as the job's kind reads it, is taken as that call's outcome, and only the rest is sent:
 * a job sends again, so it settles before it sends.
 */
export function reconcile(job: BlockJob, items: string[]): Promise<{ settled: ChunkOutcomes; toSend: string[] }> {
  return jobKindOf(job.kind).reconcile(chatApiForJobs(), job, items);
}

/** The UIDs a chunk's call affects, for the log's UID index: a message's sender, for a deletion. */
export function affectedByItems(job: Pick<BlockJob, "kind">, items: string[]): string[] {
  return jobKindOf(job.kind).affected?.(items) ?? items;
}

/** A chunk's call of any kind, as per-item outcomes with the HTTP status and the log's roll-up. */
async function callOf(job: BlockJob, items: string[]) {
  const answer = await jobKindOf(job.kind).send(chatApiForJobs(), job, items);
  const counts: Record<string, number> = {};
  for (const item of Object.values(answer.outcomes)) counts[item.outcome] = (counts[item.outcome] ?? 0) + 1;
  const failed = (counts.failed ?? 0) + (counts.not_found ?? 0);
  return {
    status: answer.status,
    outcomes: answer.outcomes,
    outcome: answer.outcome ?? (failed === 0 ? "succeeded" : failed === items.length ? "failed" : "partial"),
    counts: answer.counts ?? counts,
  };
}

/**
 * Sends the chunk's UIDs (or messages) as one logged operation and gives their outcomes. `onReturned`
 * runs as soon as the service has answered, before the log's "completed" entry is written.
 */
export async function sendChunk(
  job: BlockJob,
  chunk: Chunk,
  uids: string[],
  onReturned: () => void,
): Promise<ChunkOutcomes> {
  const { outcomes } = await auditedOperation(
    {
      operationId: randomUUID(),
      actor: jobCreator(job),
      action: "incident.job.call",
      // Folded under the job's own entry in the log's table, and found by any of its UIDs.
      parentOperationId: job.operationId,
      affectedUids: [...(job.blockerUid ? [job.blockerUid] : []), ...affectedByItems(job, uids)],
      targetUid: job.blockerUid ?? undefined,
      reason: job.reason,
      requestBody: {
        jobId: job.id,
        chunk: chunk.chunkIndex,
        kind: job.kind,
        ...(job.groupGuid ? { group: job.groupGuid } : {}),
        [jobKindOf(job.kind).itemsName ?? "uids"]: uids,
      },
    },
    async () => {
      const answer = await callOf(job, uids);
      onReturned();
      return answer;
    },
    {
      success: ({ status, outcome, counts, outcomes }) => ({
        outcome,
        httpStatus: status,
        summary: { jobId: job.id, chunk: chunk.chunkIndex, counts, outcomes },
      }),
      // A lost answer is "unknown" here too: the chunk is reconciled with the service's state before it is sent again.
      failure: (error) => ({ ...failureOf(error), summary: { jobId: job.id, chunk: chunk.chunkIndex } }),
    },
  );
  return outcomes;
}
