import "server-only";
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { defineAction, succeededWith, type ActionContext } from "@/lib/actions/define-action";
import { blockForSeconds } from "@/lib/blocking/block-for";
import { chatApi } from "@/lib/chat-api";
import { getDb } from "@/lib/db/client";
import { currentlyBlocked } from "./blocked-list";
import { approvalOf, checkGate, jobSummary, newJobOf, recordPreBlocked, started, type Gate } from "./job-start";
import { createJob } from "./jobs";
import { createIncidentJobSchema } from "./schemas";

/**
 * Starting an incident job from a confirmed list: at once (up to APPROVAL_THRESHOLD_UIDS), as a
 * request that waits for a second operator (past it), or, for an admin, without one (break glass).
 */

type JobRequest = z.output<typeof createIncidentJobSchema>;

/** How the log records a new job's request: every UID in the UID index; the entry keeps a count and the first few. */
export const jobRequestAudit = ({ blocker, reason, uids, blockFor, preview }: JobRequest) => ({
  affectedUids: [blocker, ...uids],
  targetUid: blocker,
  reason,
  requestBody: { uids: uids.length, first: uids.slice(0, 20), blockFor, preview },
});

/** The UIDs the job's blocker has blocked now, read from the service (the action's `prepare`). */
export const blockedByBlocker = ({ blocker }: JobRequest): Promise<Set<string>> => currentlyBlocked(chatApi(), blocker);

/**
 * A new incident job from a confirmed list: UIDs the blocker has already blocked (`blocked`) are
 * recorded, not sent. Past the approval threshold it waits for a second operator (`request`) or, for
 * an admin who breaks the glass, starts at once with their reason.
 */
export async function newIncidentJob(
  input: JobRequest,
  context: ActionContext,
  blocked: Set<string>,
  gate: Gate,
  breakGlassReason?: string,
) {
  const { blocker, reason, uids, blockFor, preview } = input;
  const toSend = uids.filter((uid) => !blocked.has(uid));
  checkGate(gate, toSend.length);
  const note = `Already blocked by ${blocker} before this job started: not sent.`;
  const approval = approvalOf(gate, preview, breakGlassReason);
  const job = await createJob(await getDb(), {
    kind: "block",
    purpose: "incident",
    blockerUid: blocker,
    reason,
    uids: toSend,
    settled: Object.fromEntries(
      uids.filter((uid) => blocked.has(uid)).map((uid) => [uid, { outcome: "already_blocked", message: note }]),
    ),
    preBlocked: [...blocked],
    ...newJobOf(context),
    blockForSeconds: blockForSeconds(blockFor),
    approval,
  });
  if (job.status === "awaiting_approval") {
    revalidatePath("/incidents");
    return { ...jobSummary(job), status: job.status, expiresAt: job.approvalExpiresAt };
  }
  // Blocks from before the job are not sent; their live expiries end or are renewed as the job asks.
  await recordPreBlocked(
    job,
    uids.filter((uid) => blocked.has(uid)),
  );
  return { ...started(job), status: job.status, expiresAt: null };
}

/** Starting a job from a confirmed list: at once (`start`), or as a request for a second operator's approval (`request`). */
export function incidentJobAction(name: "incident.job.start" | "incident.job.request", gate: "start" | "request") {
  return defineAction({
    name,
    permission: "users.block",
    describe: "block users",
    input: createIncidentJobSchema,
    audit: jobRequestAudit,
    prepare: blockedByBlocker,
    run: (input, context, blocked) => newIncidentJob(input, context, blocked, gate),
    completion: succeededWith,
  });
}
