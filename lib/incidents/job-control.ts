import "server-only";
import { defineAction } from "@/lib/actions/define-action";
import type { AuditAction } from "@/lib/audit/vocabulary";
import { getDb } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";
import { getJob, type BlockJob } from "./jobs";
import { wakeJobRunner } from "./runner";
import { jobIdSchema } from "./schemas";

/** What the actions on an existing job share: finding it, and pause, resume and cancel. */

/** The blocker of a job, for the log; an unknown job is refused later, by the action itself. */
async function blockerOf(jobId: string): Promise<string | undefined> {
  return (await getJob(await getDb(), jobId))?.blockerUid ?? undefined;
}

/** The job, or a refusal that says there is none. */
export async function requireJob(jobId: string): Promise<BlockJob> {
  const job = await getJob(await getDb(), jobId);
  if (!job) throw new RefusedError("No job has that id.");
  return job;
}

/** An action that changes a job's status (pause, resume, cancel), refused when the job is not in a state it applies to. */
export function jobControl(
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
