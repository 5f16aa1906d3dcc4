import "server-only";
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { defineAction, succeededWith, type ActionContext } from "@/lib/actions/define-action";
import { blockForSeconds } from "@/lib/blocking/schemas";
import { chatApi } from "@/lib/chat-api";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { RefusedError } from "@/lib/errors";
import { formatCount } from "@/lib/format/numbers";
import { needsApproval } from "./approval-threshold";
import { currentlyBlocked } from "./blocked-list";
import { jobSummary, newJobOf, recordPreBlocked, started } from "./job-start";
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

type Gate = "start" | "request" | "break_glass";

/** What each way of starting a job says when the list is on the other side of the threshold. */
function checkGate(gate: Gate, toSend: number) {
  const { thresholdUids } = getEnv().approval;
  const needed = needsApproval(toSend, thresholdUids);
  if (gate === "start" && needed)
    throw new RefusedError(
      `This job would send ${formatCount(toSend)} UIDs, more than the ${formatCount(thresholdUids)} one operator may send alone: it needs a second operator's approval. Preview again and request approval.`,
    );
  if (gate !== "start" && !needed)
    throw new RefusedError(
      `This job would send ${formatCount(toSend)} UIDs, no more than ${formatCount(thresholdUids)}: it needs no approval. Preview again and start it.`,
    );
}

/**
 * A new incident job from a confirmed list: UIDs the blocker has already blocked are recorded, not
 * sent. Past the approval threshold it waits for a second operator (`request`) or, for an admin who
 * breaks the glass, starts at once with their reason.
 */
export async function newIncidentJob(input: JobRequest, context: ActionContext, gate: Gate, breakGlassReason?: string) {
  const { blocker, reason, uids, blockFor, preview } = input;
  const blocked = await currentlyBlocked(chatApi(), blocker);
  const toSend = uids.filter((uid) => !blocked.has(uid));
  checkGate(gate, toSend.length);
  const note = `Already blocked by ${blocker} before this job started: not sent.`;
  const approval =
    gate === "request"
      ? { kind: "request" as const, expiresAt: new Date(Date.now() + getEnv().approval.ttlMs), preview }
      : gate === "break_glass"
        ? { kind: "break_glass" as const, reason: breakGlassReason ?? "", preview }
        : undefined;
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
    run: (input, context) => newIncidentJob(input, context, gate),
    completion: succeededWith,
  });
}
