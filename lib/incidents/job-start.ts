import "server-only";
import { revalidatePath } from "next/cache";
import { getDb } from "@/lib/db/client";
import { actorOf, jobCreator } from "@/lib/audit/actor";
import { getEnv } from "@/lib/env";
import { RefusedError } from "@/lib/errors";
import { formatCount } from "@/lib/format/numbers";
import { needsApproval } from "@/lib/approvals/threshold";
import type { RequestPreview } from "@/lib/db/schema";
import { blockerOf } from "@/lib/incidents/chunk-call";
import type { BlockJob } from "@/lib/incidents/jobs";
import { wakeJobRunner } from "@/lib/incidents/runner";
import { recordBlocks } from "@/lib/timed-blocks/store";
import type { ActionContext } from "@/lib/actions/define-action";
import type { JobKindName } from "@/lib/db/schema";
import { chunkSizeOf } from "@/lib/incidents/job-kinds";

/** What the actions that create or start incident jobs share. */

/** Blocks from before a job are not sent; their live expiries end or are renewed as the job asks, once it starts. */
export async function recordPreBlocked(job: BlockJob, alreadyBlocked: string[]) {
  await recordBlocks(await getDb(), {
    blockerUid: blockerOf(job),
    blocked: [],
    alreadyBlocked,
    expiresInSeconds: job.blockForSeconds,
    operationId: job.operationId,
    actor: jobCreator(job),
    reason: job.reason,
  });
}

/** What every new job takes from the configuration and from the operation that starts it. */
export function newJobOf(context: ActionContext, kind: JobKindName = "block") {
  const env = getEnv();
  return {
    chunkSize: chunkSizeOf(kind, env.incident.chunkSize),
    concurrency: env.incident.concurrency,
    createdBy: actorOf(context.operator),
    operationId: context.operationId,
  };
}

/** A job was created or approved: the runner takes it up at once, and the list of jobs shows it. */
export function started(job: BlockJob) {
  wakeJobRunner({ jobsChanged: true });
  revalidatePath("/incidents");
  return jobSummary(job);
}

export const jobSummary = (job: BlockJob) => ({
  jobId: job.id,
  kind: job.kind,
  purpose: job.purpose,
  total: job.total,
  chunks: Math.ceil(job.total / job.chunkSize),
});

export type Gate = "start" | "request" | "break_glass";

/** What each way of starting a job says when the list is on the other side of the threshold. */
export function checkGate(gate: Gate, toSend: number) {
  const { thresholdUids } = getEnv().approval;
  const needed = needsApproval(toSend, thresholdUids);
  if (gate === "start" && needed)
    throw new RefusedError(
      `This job would send ${formatCount(toSend)} UIDs, more than the ${formatCount(thresholdUids)} one operator may send alone: it needs a second operator's approval. Preview again and request approval.`,
    );
  if (gate !== "start" && !needed)
    throw new RefusedError(
      `This job would send ${formatCount(toSend)} UIDs, no more than ${formatCount(thresholdUids)}: it needs no approval. Preview again and start it.`,
    );
}

/** A new job's approval: a request that waits for a second operator, an admin's break glass, or none. */
export function approvalOf(gate: Gate, preview: RequestPreview, breakGlassReason?: string) {
  if (gate === "request")
    return { kind: "request" as const, expiresAt: new Date(Date.now() + getEnv().approval.ttlMs), preview };
  if (gate === "break_glass") return { kind: "break_glass" as const, reason: breakGlassReason ?? "", preview };
  return undefined;
}
