import "server-only";
import { defineAction, succeededWith, type ActionContext } from "@/lib/actions/define-action";
import { getDb } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";
import { requireJob } from "./job-control";
import { newJobOf, started } from "./job-start";
import { createJob, getJob, uidsWithOutcome } from "./jobs";
import { jobIdSchema } from "./schemas";

/** A follow-up job's blocker and the UIDs it will send, as the log records its request. */
async function followUpRequest(jobId: string, outcomes: string[]) {
  const db = await getDb();
  const parent = await getJob(db, jobId);
  const uids = parent ? await uidsWithOutcome(db, parent.id, outcomes) : [];
  return { affectedUids: [parent?.blockerUid, ...uids], requestBody: { parentJobId: jobId, uids: uids.length } };
}

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
export function followUpAction(purpose: "retry" | "undo") {
  const [kind, outcomes] = purpose === "retry" ? (["block", RETRIED] as const) : (["unblock", UNDONE] as const);
  return defineAction({
    name: `incident.job.${purpose}`,
    permission: `users.${kind}`,
    describe: `${kind} users`,
    input: jobIdSchema,
    audit: ({ jobId }) => followUpRequest(jobId, outcomes),
    run: async ({ jobId }, context) => followUp(jobId, kind, purpose, outcomes, context),
    completion: succeededWith,
  });
}
