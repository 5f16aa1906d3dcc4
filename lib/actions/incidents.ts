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
  return (await getJob(await getDb(), jobId))?.blockerUid;
}

/** A follow-up job's blocker and the UIDs it will send, as the log records its request. */
async function followUpRequest(jobId: string, outcomes: string[]) {
  const db = await getDb();
  const parent = await getJob(db, jobId);
  const uids = parent ? await uidsWithOutcome(db, parent.id, outcomes) : [];
  return { affectedUids: [parent?.blockerUid, ...uids], requestBody: { parentJobId: jobId, uids: uids.length } };
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

async function followUp(
  parentId: string,
  kind: "block" | "unblock",
  purpose: "retry" | "undo",
  outcomes: string[],
  context: ActionContext,
) {
  const db = await getDb();
  const parent = await requireJob(parentId);
  const uids = await uidsWithOutcome(db, parent.id, outcomes);
  if (uids.length === 0) {
    throw new RefusedError(
      purpose === "retry"
        ? "This job has no failed UIDs to retry."
        : "This job blocked no UID, so there is nothing to undo.",
    );
  }
  const job = await createJob(db, {
    kind,
    purpose,
    parentJobId: parent.id,
    blockerUid: parent.blockerUid,
    reason:
      purpose === "undo" ? `Undo of job ${parent.id}: ${parent.reason}` : `Retry of job ${parent.id}: ${parent.reason}`,
    uids,
    preBlocked: kind === "block" ? parent.preBlocked : [],
    ...newJobOf(context),
    blockForSeconds: kind === "block" ? parent.blockForSeconds : null,
  });
  return started(job);
}

const RETRIED: string[] = ["failed", "unknown"];
const UNDONE: string[] = ["blocked"];

/** A new job that follows one that has ended: a retry of its failures, or the undo of its blocks. */
function followUpAction(purpose: "retry" | "undo") {
  const [kind, outcomes] = purpose === "retry" ? (["block", RETRIED] as const) : (["unblock", UNDONE] as const);
  return defineAction({
    name: `incident.job.${purpose}`,
    permission: `users.${kind}`,
    describe: `${kind} users`,
    input: jobIdSchema,
    audit: ({ jobId }) => followUpRequest(jobId, outcomes),
    run: async ({ jobId }, context) => followUp(jobId, kind, purpose, outcomes, context),
    completion: (result) => ({ outcome: "succeeded", summary: result }),
  });
}

export const retryFailedAction = followUpAction("retry");

// Exactly the UIDs this job blocked: not those that were blocked before it.
export const undoJobAction = followUpAction("undo");
