import "server-only";
import { defineAction, succeededWith, type ActionContext } from "@/lib/actions/define-action";
import type { JobKindName } from "@/lib/db/schema";
import { getDb } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";
import { can, describePermission } from "@/lib/roles";
import { affectedByItems } from "./chunk-call";
import { requireJob } from "./job-control";
import { JOB_KINDS } from "./job-kinds";
import { newJobOf, started } from "./job-start";
import { createJob, getJob, uidsWithOutcome, type BlockJob } from "./jobs";
import { jobIdSchema } from "./schemas";

/** The outcomes a follow-up takes up: the failed ones to retry, or exactly those the job changed to undo. */
function outcomesFollowed(parent: BlockJob, purpose: "retry" | "undo"): string[] {
  return purpose === "retry" ? ["failed", "unknown"] : [JOB_KINDS[parent.kind].changed];
}

/** A follow-up job's blocker and the UIDs it will send, as the log records its request. */
async function followUpRequest(jobId: string, purpose: "retry" | "undo") {
  const db = await getDb();
  const parent = await getJob(db, jobId);
  const uids = parent ? await uidsWithOutcome(db, parent.id, outcomesFollowed(parent, purpose)) : [];
  return {
    affectedUids: [parent?.blockerUid ?? undefined, ...(parent ? affectedByItems(parent, uids) : [])],
    requestBody: { parentJobId: jobId, uids: uids.length },
  };
}

/** What a follow-up job of `parent` does: a retry its own kind, an undo the kind that reverses it. */
function followUpKind(parent: BlockJob, purpose: "retry" | "undo"): JobKindName {
  if (purpose === "retry") return parent.kind;
  const undo = JOB_KINDS[parent.kind].undo;
  if (!undo) throw new RefusedError(`A job that does "${JOB_KINDS[parent.kind].verb}" cannot be undone.`);
  return undo.kind;
}

async function followUp(parentId: string, purpose: "retry" | "undo", context: ActionContext) {
  const db = await getDb();
  const parent = await requireJob(parentId);
  if (parent.kind === "report_decision")
    throw new RefusedError("A decision's failed reports are back in the queue: decide them again there.");
  const kind = followUpKind(parent, purpose);
  if (!can(context.operator.role, JOB_KINDS[kind].permission))
    throw new RefusedError(`Your role does not allow you to ${describePermission(JOB_KINDS[kind].permission)}.`);
  const uids = await uidsWithOutcome(db, parent.id, outcomesFollowed(parent, purpose));
  if (uids.length === 0) {
    throw new RefusedError(
      purpose === "retry"
        ? "This job has no failed UIDs to retry."
        : `This job ${JOB_KINDS[parent.kind].changed} no UID, so there is nothing to undo.`,
    );
  }
  const job = await createJob(db, {
    kind,
    purpose,
    parentJobId: parent.id,
    blockerUid: parent.blockerUid,
    groupGuid: parent.groupGuid,
    searchId: parent.searchId,
    reason:
      purpose === "undo" ? `Undo of job ${parent.id}: ${parent.reason}` : `Retry of job ${parent.id}: ${parent.reason}`,
    uids,
    preBlocked: kind === "block" ? parent.preBlocked : [],
    ...newJobOf(context, kind),
    blockForSeconds: kind === "block" ? parent.blockForSeconds : null,
  });
  return started(job);
}

/**
 * A new job that follows one that has ended: a retry of its failures, or the undo of what it changed
 * (unblock, reactivate, unban; exactly what this job changed, not what was so before it). The
 * permission is checked again for the follow-up's own kind.
 */
export function followUpAction(purpose: "retry" | "undo") {
  return defineAction({
    name: `incident.job.${purpose}`,
    permission: purpose === "retry" ? "users.block" : "users.unblock",
    describe: purpose === "retry" ? "retry jobs" : "undo jobs",
    input: jobIdSchema,
    audit: ({ jobId }) => followUpRequest(jobId, purpose),
    run: async ({ jobId }, context) => followUp(jobId, purpose, context),
    completion: succeededWith,
  });
}
