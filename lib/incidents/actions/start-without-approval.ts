"use server";

import { defineAction } from "@/lib/actions/define-action";
import { blockedByBlocker, jobRequestAudit, newIncidentJob } from "@/lib/incidents/new-incident-job";
import { newRaidJob, raidJobAudit, raidJobPlanOf } from "@/lib/incidents/raid-job-actions";
import { breakGlassJobSchema } from "@/lib/incidents/schemas";

/**
 * An admin starts their own large job without a second operator, whatever its kind (block,
 * deactivate, ban, delete messages): flagged in the log and on the job.
 */
export const startWithoutApprovalAction = defineAction({
  name: "incident.job.break_glass",
  permission: "incidents.break_glass",
  describe: "start a large job without a second operator's approval",
  input: breakGlassJobSchema,
  audit: (input) => {
    const request = input.kind === "block" ? jobRequestAudit(input) : raidJobAudit(input);
    return {
      ...request,
      requestBody: { ...request.requestBody, breakGlass: true, breakGlassReason: input.breakGlassReason },
    };
  },
  // What the service says now: the blocker's blocks, or the accounts already deactivated or banned.
  prepare: async (input) =>
    input.kind === "block"
      ? { kind: "block" as const, blocked: await blockedByBlocker(input) }
      : { kind: input.kind, plan: await raidJobPlanOf(input) },
  run: (input, context, prepared) => {
    if (input.kind === "block" && prepared.kind === "block")
      return newIncidentJob(input, context, prepared.blocked, "break_glass", input.breakGlassReason);
    if (input.kind !== "block" && prepared.kind !== "block")
      return newRaidJob(input, context, prepared.plan, "break_glass", input.breakGlassReason);
    throw new Error("The job's read does not match its kind.");
  },
  completion: (result) => ({ outcome: "succeeded", summary: { ...result, breakGlass: true } }),
});
