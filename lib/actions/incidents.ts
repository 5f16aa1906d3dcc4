"use server";

import { chatApi } from "@/lib/chat-api";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { currentlyBlocked } from "@/lib/incidents/blocked-list";
import { cancelJob, createJob, getJob, setJobStatus, uidsWithOutcome, type BlockJob } from "@/lib/incidents/jobs";
import { wakeJobRunner } from "@/lib/incidents/runner";
import { parseUidList, type UidListEntry } from "@/lib/schemas/block-users";
import { incidentPreviewSchema, jobIdSchema, MAX_INCIDENT_UIDS } from "@/lib/schemas/incident";
import { needsApproval } from "@/lib/incidents/approval-threshold";
import { RefusedError } from "@/lib/errors";
import type { AuditAction } from "@/lib/audit/vocabulary";
import { defineAction, type ActionContext } from "./define-action";
import { newJobOf, started } from "./job-start";
import { affectedByItems } from "@/lib/incidents/chunk-call";
import { JOB_KINDS } from "@/lib/incidents/job-kinds";
import type { JobKindName } from "@/lib/db/schema";
import { can, describePermission } from "@/lib/roles";

export type IncidentPreview = {
  blocker: { uid: string; name: string };
  /** UIDs the job would send. */
  toBlock: string[];
  alreadyBlocked: string[];
  invalid: Array<Extract<UidListEntry, { status: "invalid" }>>;
  duplicates: number;
  selfExcluded: boolean;
  overLimit: boolean;
  /** More to send than one operator may send alone (APPROVAL_THRESHOLD_UIDS): a second must approve. */
  needsApproval: boolean;
  /** That threshold; 0 when approval is off. */
  approvalThreshold: number;
};

export const previewIncidentAction = defineAction({
  name: "incident.preview",
  permission: "users.block",
  describe: "block users",
  input: incidentPreviewSchema,
  // A preview reads and sends nothing; the job it may lead to is recorded when it starts.
  audit: "not recorded",
  run: async ({ blocker, text }): Promise<IncidentPreview> => {
    const user = await chatApi().getUser(blocker);
    const list = parseUidList(text, blocker);
    const blocked = await currentlyBlocked(chatApi(), blocker);
    const toBlock = list.valid.filter((uid) => !blocked.has(uid));
    const { thresholdUids } = getEnv().approval;
    return {
      blocker: { uid: user.data.uid, name: user.data.name },
      toBlock,
      needsApproval: needsApproval(toBlock.length, thresholdUids),
      approvalThreshold: thresholdUids,
      alreadyBlocked: list.valid.filter((uid) => blocked.has(uid)),
      invalid: list.entries.filter(
        (entry): entry is Extract<UidListEntry, { status: "invalid" }> => entry.status === "invalid",
      ),
      duplicates: list.entries.filter((entry) => entry.status === "duplicate").length,
      selfExcluded: list.entries.some((entry) => entry.status === "self"),
      overLimit: list.valid.length > MAX_INCIDENT_UIDS,
    };
  },
});

/** The blocker of a job, for the log; an unknown job is refused later, by the action itself. */
async function blockerOf(jobId: string): Promise<string | undefined> {
  return (await getJob(await getDb(), jobId))?.blockerUid ?? undefined;
}

/** A follow-up job's blocker and the UIDs it will send, as the log records its request. */
async function followUpRequest(jobId: string, outcomes: string[]) {
  const db = await getDb();
  const parent = await getJob(db, jobId);
  const uids = parent ? await uidsWithOutcome(db, parent.id, outcomes) : [];
  return {
    affectedUids: [parent?.blockerUid ?? undefined, ...(parent ? affectedByItems(parent, uids) : [])],
    requestBody: { parentJobId: jobId, uids: uids.length },
  };
}

async function requireJob(jobId: string): Promise<BlockJob> {
  const job = await getJob(await getDb(), jobId);
  if (!job) throw new RefusedError("No job has that id.");
  return job;
}

function jobControl(
  name: AuditAction,
  describe: string,
  change: (job: BlockJob) => Promise<BlockJob | undefined>,
  refusal: string,
) {
  return defineAction({
    name,
    permission: "users.block",
    describe,
    input: jobIdSchema,
    audit: async ({ jobId }) => ({ affectedUids: [await blockerOf(jobId)], requestBody: { jobId } }),
    run: async ({ jobId }) => {
      const job = await requireJob(jobId);
      const changed = await change(job);
      if (!changed) throw new RefusedError(`${refusal} (it is ${job.status}).`);
      wakeJobRunner({ jobsChanged: true });
      return { jobId, status: changed.status, blocker: changed.blockerUid };
    },
    completion: (result) => ({ outcome: "succeeded", summary: result }),
  });
}

export const pauseJobAction = jobControl(
  "incident.job.pause",
  "pause jobs",
  async (job) => setJobStatus(await getDb(), job.id, ["running"], "paused"),
  "Only a running job can be paused",
);
export const resumeJobAction = jobControl(
  "incident.job.resume",
  "resume jobs",
  async (job) => setJobStatus(await getDb(), job.id, ["paused"], "running"),
  "Only a paused job can be resumed",
);
export const cancelJobAction = jobControl(
  "incident.job.cancel",
  "cancel jobs",
  async (job) => cancelJob(await getDb(), job.id),
  "Only a running or paused job can be cancelled",
);

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

/** The outcomes a follow-up takes up: the failed ones to retry, or exactly those this job changed to undo. */
function outcomesFollowed(parent: BlockJob, purpose: "retry" | "undo"): string[] {
  return purpose === "retry" ? ["failed", "unknown"] : [JOB_KINDS[parent.kind].changed];
}

/** A job's UIDs with the outcomes a follow-up takes up, for the log's request entry. */
async function followUpAudit(jobId: string, purpose: "retry" | "undo") {
  const parent = await getJob(await getDb(), jobId);
  return followUpRequest(jobId, parent ? outcomesFollowed(parent, purpose) : []);
}

/**
 * A new job that follows one that has ended: a retry of its failures, or the undo of what it changed
 * (unblock, reactivate, unban). The permission is checked again for the follow-up's own kind.
 */
function followUpAction(purpose: "retry" | "undo") {
  return defineAction({
    name: `incident.job.${purpose}`,
    permission: purpose === "retry" ? "users.block" : "users.unblock",
    describe: purpose === "retry" ? "retry jobs" : "undo jobs",
    input: jobIdSchema,
    audit: ({ jobId }) => followUpAudit(jobId, purpose),
    run: async ({ jobId }, context) => followUp(jobId, purpose, context),
    completion: (result) => ({ outcome: "succeeded", summary: result }),
  });
}

export const retryFailedAction = followUpAction("retry");

// Exactly the UIDs this job blocked (deactivated, banned): not those that were so before it.
export const undoJobAction = followUpAction("undo");
