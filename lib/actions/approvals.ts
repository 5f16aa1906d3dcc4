"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/lib/db/client";
import { actorOf } from "@/lib/audit/actor";
import { RefusedError } from "@/lib/errors";
import { expireRequests } from "@/lib/incidents/approval-expiry";
import {
  approveRequest,
  jobUids,
  refusalOf,
  rejectRequest,
  withdrawalRefusalOf,
  withdrawRequest,
} from "@/lib/incidents/approvals";
import { getJob, uidsWithOutcome, type BlockJob } from "@/lib/incidents/jobs";
import { approvalDecisionSchema } from "@/lib/schemas/incident";
import { z } from "@/lib/schemas/zod";
import type { AuditAction } from "@/lib/audit/vocabulary";
import { defineAction, type ActionContext } from "./define-action";
import { recordPreBlocked, started } from "./job-start";

async function requireRequest(jobId: string): Promise<BlockJob> {
  const job = await getJob(await getDb(), jobId);
  if (!job) throw new RefusedError("No job has that id.");
  return job;
}

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
async function afterRefusal(job: BlockJob): Promise<BlockJob> {
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

function decisionAction(
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
      const job = await decide(await requireRequest(jobId), reason, context);
      revalidatePath("/incidents");
      revalidatePath(`/incidents/${job.id}`);
      return decisionSummary(job);
    },
    completion: (result) => ({ outcome: "succeeded", summary: result }),
  });
}

/** A second operator approves a request: one conditional UPDATE starts the job, once. */
export const approveRequestAction = decisionAction("incident.job.approve", async (job, reason, context) => {
  const approved = await approveRequest(await getDb(), job.id, actorOf(context.operator), reason);
  if (!approved) throw new RefusedError(refusalOf(await afterRefusal(job), actorOf(context.operator), "approved"));
  // A block job's blocks from before it: their live expiries end or are renewed as the job asks.
  if (approved.kind === "block")
    await recordPreBlocked(approved, await uidsWithOutcome(await getDb(), approved.id, ["already_blocked"]));
  started(approved);
  return approved;
});

export const rejectRequestAction = decisionAction("incident.job.reject", async (job, reason, context) => {
  const rejected = await rejectRequest(await getDb(), job.id, actorOf(context.operator), reason);
  if (!rejected) throw new RefusedError(refusalOf(await afterRefusal(job), actorOf(context.operator), "rejected"));
  return rejected;
});

/** The requester takes their request back before anyone decided on it. */
export const withdrawRequestAction = decisionAction("incident.job.withdraw", async (job, reason, context) => {
  const withdrawn = await withdrawRequest(await getDb(), job.id, actorOf(context.operator), reason);
  if (!withdrawn) throw new RefusedError(withdrawalRefusalOf(await afterRefusal(job), actorOf(context.operator)));
  return withdrawn;
});
