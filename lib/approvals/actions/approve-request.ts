"use server";

import { afterRefusal, decisionAction } from "@/lib/approvals/decision-action";
import { actorOf } from "@/lib/audit/actor";
import { getDb } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";
import { approveRequest, refusalOf } from "@/lib/approvals/decisions";
import { recordPreBlocked, started } from "@/lib/incidents/job-start";
import { uidsWithOutcome } from "@/lib/incidents/jobs";

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
