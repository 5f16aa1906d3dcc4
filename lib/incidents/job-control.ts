import "server-only";
import { defineAction, succeededWith } from "@/lib/actions/define-action";
import type { AuditAction } from "@/lib/audit/vocabulary";
import { getDb } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";
import { cancelJob, getJob, setJobStatus, type BlockJob } from "./jobs";
import { wakeJobRunner } from "./runner";
import { jobIdSchema } from "./schemas";

/** What the actions on an existing job share: finding it, and pause, resume and cancel. */

/** The blocker of a job, for the log; an unknown job is refused later, by the action itself. */
async function blockerOf(jobId: string): Promise<string | undefined> {
  return (await getJob(await getDb(), jobId))?.blockerUid;
}

/** The job, or a refusal that says there is none. */
export async function requireJob(jobId: string): Promise<BlockJob> {
  const job = await getJob(await getDb(), jobId);
  if (!job) throw new RefusedError("No job has that id.");
  return job;
}

const CONTROLS = {
  pause: {
    name: "incident.job.pause",
    describe: "pause jobs",
    change: async (job: BlockJob) => setJobStatus(await getDb(), job.id, ["running"], "paused"),
    refusal: "Only a running job can be paused",
  },
  resume: {
    name: "incident.job.resume",
    describe: "resume jobs",
    change: async (job: BlockJob) => setJobStatus(await getDb(), job.id, ["paused"], "running"),
    refusal: "Only a paused job can be resumed",
  },
  cancel: {
    name: "incident.job.cancel",
    describe: "cancel jobs",
    change: async (job: BlockJob) => cancelJob(await getDb(), job.id),
    refusal: "Only a running or paused job can be cancelled",
  },
} satisfies Record<string, { name: AuditAction; describe: string; change: unknown; refusal: string }>;

/** An action that changes a job's status (pause, resume, cancel), refused when the job is not in a state it applies to. */
export function jobControl(control: keyof typeof CONTROLS) {
  const { name, describe, change, refusal } = CONTROLS[control];
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
    completion: succeededWith,
  });
}
