import { randomUUID } from "node:crypto";
import { jobCreator } from "@/lib/audit/actor";
import { auditedOperation, failureOf } from "@/lib/audit/operation";
import { chatApiForJobs } from "@/lib/chat-api";
import { blockCompletion } from "@/lib/blocking/block-answer";
import { callBlockEndpoint } from "@/lib/blocking/block-call";
import { countOutcomes, type BlockOutcomeRow } from "@/lib/chat-api/block-outcomes";
import type { ChunkOutcomes } from "@/lib/db/schema";
import { SETTLEMENT_KINDS } from "@/lib/settlements/kinds";
import type { Chunk } from "./chunk-store";
import { isBlockKind, parseMessageItem } from "./job-kinds";
import type { BlockJob } from "./jobs";
import { callKind, reconcileKind } from "./kind-calls";
import { uidsOfItem } from "@/lib/reports/decision-items";

/** The chat service's side of a chunk: what the service's state says, and the logged call that sends it. */

function outcomesOf(rows: BlockOutcomeRow[]): ChunkOutcomes {
  return Object.fromEntries(
    rows.filter((row) => !row.unexpected).map((row) => [row.uid, { outcome: row.outcome, message: row.message }]),
  );
}

/** The blocker of a block or unblock job: such a job always has one. */
export function blockerOf(job: Pick<BlockJob, "id" | "blockerUid">): string {
  if (job.blockerUid === null) throw new Error(`Job ${job.id} blocks or unblocks but names no blocker.`);
  return job.blockerUid;
}

/**
 * Before a chunk whose earlier call may have reached the service is sent again: what the service
 * now shows (the blocker's blocks, the deactivated users, the group's bans, the message), read as
 * the one settlement of lost answers reads it (lib/settlements/kinds.ts), is taken as that call's
 * outcome, and only the rest is sent: a job sends again, so it settles before it sends.
 */
export async function reconcile(job: BlockJob, uids: string[]): Promise<{ settled: ChunkOutcomes; toSend: string[] }> {
  if (!isBlockKind(job.kind)) return reconcileKind(chatApiForJobs(), job, uids);
  const done = await SETTLEMENT_KINDS[job.kind].read(chatApiForJobs(), blockerOf(job), uids);
  const preBlocked = new Set(job.preBlocked);
  const settled: ChunkOutcomes = {};
  const toSend: string[] = [];
  const note = "Settled from the blocker's blocks after a call that was cut off (restart or time-out).";
  for (const uid of uids) {
    if (!done.has(uid)) toSend.push(uid);
    else if (job.kind === "unblock") settled[uid] = { outcome: "unblocked", message: note };
    else settled[uid] = { outcome: preBlocked.has(uid) ? "already_blocked" : "blocked", message: note };
  }
  return { settled, toSend };
}

/** The UIDs a chunk's call affects, for the log's UID index: a message's sender, for a deletion. */
export function affectedByItems(job: Pick<BlockJob, "kind">, items: string[]): string[] {
  if (job.kind === "report_decision") return [...new Set(items.flatMap(uidsOfItem))];
  return job.kind === "delete_messages" ? [...new Set(items.map((item) => parseMessageItem(item).sender))] : items;
}

/** A chunk's call of any kind, as per-item outcomes with the HTTP status and the log's roll-up. */
async function callOf(job: BlockJob, uids: string[]) {
  if (isBlockKind(job.kind)) {
    const { status, rows } = await callBlockEndpoint(chatApiForJobs(), {
      blocker: blockerOf(job),
      uids,
      verb: job.kind,
    });
    const { outcome } = blockCompletion({ rows, counts: countOutcomes(rows), status });
    return { status, outcomes: outcomesOf(rows), outcome, counts: countOutcomes(rows) as Record<string, number> };
  }
  const { status, outcomes } = await callKind(chatApiForJobs(), job, uids);
  const counts: Record<string, number> = {};
  for (const { outcome } of Object.values(outcomes)) counts[outcome] = (counts[outcome] ?? 0) + 1;
  const failed = (counts.failed ?? 0) + (counts.not_found ?? 0);
  const outcome = failed === 0 ? "succeeded" : failed === uids.length ? "failed" : "partial";
  return { status, outcomes, outcome: outcome as "succeeded" | "failed" | "partial", counts };
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
        [job.kind === "delete_messages" ? "messages" : job.kind === "report_decision" ? "items" : "uids"]: uids,
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
