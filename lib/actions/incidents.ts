"use server";

import { revalidatePath } from "next/cache";
import { chatApi } from "@/lib/chat-api";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { currentlyBlocked } from "@/lib/incidents/blocked-list";
import {
  cancelJob,
  createJob,
  getJob,
  jobProgress,
  setJobStatus,
  uidsWithOutcome,
  type BlockJob,
  type JobProgress,
} from "@/lib/incidents/jobs";
import { wakeJobRunner } from "@/lib/incidents/runner";
import { parseUidList, type UidListEntry } from "@/lib/schemas/block-users";
import { createIncidentJobSchema, incidentPreviewSchema, jobIdSchema, MAX_INCIDENT_UIDS } from "@/lib/schemas/incident";
import { RefusedError } from "@/lib/errors";
import { defineAction, type ActionContext } from "./define-action";

export type IncidentPreview = {
  blocker: { uid: string; name: string };
  /** UIDs the job would send. */
  toBlock: string[];
  alreadyBlocked: string[];
  invalid: Array<Extract<UidListEntry, { status: "invalid" }>>;
  duplicates: number;
  selfExcluded: boolean;
  overLimit: boolean;
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
    return {
      blocker: { uid: user.data.uid, name: user.data.name },
      toBlock: list.valid.filter((uid) => !blocked.has(uid)),
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

const creatorOf = ({ operator }: ActionContext) => ({ id: operator.id, email: operator.email, role: operator.role });

const jobSummary = (job: BlockJob) => ({
  jobId: job.id,
  kind: job.kind,
  purpose: job.purpose,
  total: job.total,
  chunks: Math.ceil(job.total / job.chunkSize),
});

export const createIncidentJobAction = defineAction({
  name: "incident.job.start",
  permission: "users.block",
  describe: "block users",
  input: createIncidentJobSchema,
  audit: ({ blocker, reason, uids }) => ({
    targetUid: blocker,
    reason,
    requestBody: { uids: uids.length, first: uids.slice(0, 20) },
  }),
  run: async ({ blocker, reason, uids }, context) => {
    const env = getEnv();
    const blocked = await currentlyBlocked(chatApi(), blocker);
    const note = `Already blocked by ${blocker} before this job started: not sent.`;
    const job = await createJob(await getDb(), {
      kind: "block",
      purpose: "incident",
      blockerUid: blocker,
      reason,
      uids: uids.filter((uid) => !blocked.has(uid)),
      settled: Object.fromEntries(
        uids.filter((uid) => blocked.has(uid)).map((uid) => [uid, { outcome: "already_blocked", message: note }]),
      ),
      preBlocked: [...blocked],
      chunkSize: env.incident.chunkSize,
      concurrency: env.incident.concurrency,
      createdBy: creatorOf(context),
      operationId: context.operationId,
    });
    wakeJobRunner({ jobsChanged: true });
    revalidatePath("/incidents");
    return jobSummary(job);
  },
  completion: (result) => ({ outcome: "succeeded", summary: result }),
});

async function requireJob(jobId: string): Promise<BlockJob> {
  const job = await getJob(await getDb(), jobId);
  if (!job) throw new RefusedError("No job has that id.");
  return job;
}

function jobControl(
  name: string,
  describe: string,
  change: (job: BlockJob) => Promise<BlockJob | undefined>,
  refusal: string,
) {
  return defineAction({
    name,
    permission: "users.block",
    describe,
    input: jobIdSchema,
    audit: ({ jobId }) => ({ requestBody: { jobId } }),
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
  const env = getEnv();
  const job = await createJob(db, {
    kind,
    purpose,
    parentJobId: parent.id,
    blockerUid: parent.blockerUid,
    reason:
      purpose === "undo" ? `Undo of job ${parent.id}: ${parent.reason}` : `Retry of job ${parent.id}: ${parent.reason}`,
    uids,
    preBlocked: kind === "block" ? parent.preBlocked : [],
    chunkSize: env.incident.chunkSize,
    concurrency: env.incident.concurrency,
    createdBy: creatorOf(context),
    operationId: context.operationId,
  });
  wakeJobRunner({ jobsChanged: true });
  revalidatePath("/incidents");
  return jobSummary(job);
}

export const retryFailedAction = defineAction({
  name: "incident.job.retry",
  permission: "users.block",
  describe: "block users",
  input: jobIdSchema,
  audit: ({ jobId }) => ({ requestBody: { parentJobId: jobId } }),
  run: async ({ jobId }, context) => followUp(jobId, "block", "retry", ["failed", "unknown"], context),
  completion: (result) => ({ outcome: "succeeded", summary: result }),
});

export const undoJobAction = defineAction({
  name: "incident.job.undo",
  permission: "users.unblock",
  describe: "unblock users",
  input: jobIdSchema,
  audit: ({ jobId }) => ({ requestBody: { parentJobId: jobId } }),
  // Exactly the UIDs this job blocked: not those that were blocked before it.
  run: async ({ jobId }, context) => followUp(jobId, "unblock", "undo", ["blocked"], context),
  completion: (result) => ({ outcome: "succeeded", summary: result }),
});

export const jobProgressAction = defineAction({
  name: "incident.job.progress",
  permission: "users.block",
  describe: "follow jobs",
  input: jobIdSchema,
  audit: "not recorded",
  run: async ({ jobId }): Promise<JobProgress> => {
    const progress = await jobProgress(await getDb(), jobId);
    if (!progress) throw new RefusedError("No job has that id.");
    return progress;
  },
});
