"use server";

import { afterRefusal, decisionAction } from "@/lib/approvals/decision-action";
import { actorOf } from "@/lib/audit/actor";
import { getDb } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";
import { refusalOf, rejectRequest } from "@/lib/approvals/decisions";

export const rejectRequestAction = decisionAction("incident.job.reject", async (job, reason, context) => {
  const rejected = await rejectRequest(await getDb(), job.id, actorOf(context.operator), reason);
  if (!rejected) throw new RefusedError(refusalOf(await afterRefusal(job), actorOf(context.operator), "rejected"));
  return rejected;
});
