"use server";

import { defineAction } from "@/lib/actions/define-action";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { planDecision } from "../decision-plan";
import { targetReports } from "../decision-store";
import { previewDecisionSchema } from "../schemas";

/**
 * A decision's size, for its confirmation, before anything is reserved or sent: how many open
 * reports it covers, the calls it makes and the UIDs they act on; whether it runs as an incident job
 * and needs a second operator's approval. It reads the index only, and is not recorded.
 */
export const previewDecisionAction = defineAction({
  name: "incident.preview",
  permission: "reports.decide",
  describe: "decide on reported messages",
  input: previewDecisionSchema,
  audit: "not recorded",
  run: async ({ target, decision, ...options }) => {
    const rows = await targetReports(await getDb(), target);
    const plan = planDecision(rows, decision, options, getEnv().approval.thresholdUids);
    return {
      reports: plan.reports,
      calls: plan.calls,
      uidActs: plan.uidActs,
      uids: plan.uids,
      runsAsJob: plan.runsAsJob,
      needsApproval: plan.needsApproval,
      approvalThreshold: plan.approvalThreshold,
      notOpen: rows.length - plan.reports,
    };
  },
});
