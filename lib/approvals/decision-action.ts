import "server-only";
import { revalidatePath } from "next/cache";
import { defineAction, succeededWith, type ActionContext } from "@/lib/actions/define-action";
import type { AuditAction } from "@/lib/audit/vocabulary";
import { getDb } from "@/lib/db/client";
import { expireRequests } from "@/lib/approvals/expiry";
import { jobUids } from "@/lib/approvals/decisions";
import { requireJob } from "@/lib/incidents/job-control";
import { getJob, type BlockJob } from "@/lib/incidents/jobs";
import type { z } from "@/lib/validation/zod";
import { approvalDecisionSchema } from "./schemas";

/** What approving, rejecting and withdrawing a request share: the log's request, the refusal, the answer. */

/** The log records a decision as it records a block: the blocker and every UID of the job, indexed. */
async function decisionAudit({ jobId, reason }: z.output<typeof approvalDecisionSchema>) {
  const db = await getDb();
  const job = await getJob(db, jobId);
  return {
    affectedUids: job ? await jobUids(db, job) : [],
    targetUid: job?.blockerUid ?? undefined,
    reason,
    requestBody: { jobId, requestedBy: job?.createdByEmail, total: job?.total },
  };
}

/**
 * The job after a decision that changed nothing: a request past its time is expired now (once, by
 * whichever process gets there first), so that the refusal and the job's page say so.
 */
export async function afterRefusal(job: BlockJob): Promise<BlockJob> {
  const db = await getDb();
  await expireRequests(db, job.id);
  return (await getJob(db, job.id)) ?? job;
}

const decisionSummary = (job: BlockJob) => ({
  jobId: job.id,
  status: job.status,
  requestedBy: job.createdByEmail,
  decidedBy: job.decidedByEmail,
  total: job.total,
});

export function decisionAction(
  name: AuditAction,
  decide: (job: BlockJob, reason: string, context: ActionContext) => Promise<BlockJob>,
) {
  return defineAction({
    name,
    permission: "users.block",
    describe: "decide on requests to block users",
    input: approvalDecisionSchema,
    audit: decisionAudit,
    run: async ({ jobId, reason }, context) => {
      const job = await decide(await requireJob(jobId), reason, context);
      revalidatePath("/incidents");
      revalidatePath(`/incidents/${job.id}`);
      return decisionSummary(job);
    },
    completion: succeededWith,
  });
}
