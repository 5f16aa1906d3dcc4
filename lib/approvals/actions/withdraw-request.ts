"use server";

import { afterRefusal, decisionAction } from "@/lib/approvals/decision-action";
import { actorOf } from "@/lib/audit/actor";
import { getDb } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";
import { withdrawalRefusalOf, withdrawRequest } from "@/lib/approvals/decisions";

/** The requester takes their request back before anyone decided on it. */
export const withdrawRequestAction = decisionAction("incident.job.withdraw", async (job, reason, context) => {
  const withdrawn = await withdrawRequest(await getDb(), job.id, actorOf(context.operator), reason);
  if (!withdrawn) throw new RefusedError(withdrawalRefusalOf(await afterRefusal(job), actorOf(context.operator)));
  return withdrawn;
});
