"use server";

import { defineAction } from "@/lib/actions/define-action";
import { jobRequestAudit, newIncidentJob } from "@/lib/incidents/new-incident-job";
import { newRaidJob, raidJobAudit } from "@/lib/incidents/raid-job-actions";
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
  run: (input, context) =>
    input.kind === "block"
      ? newIncidentJob(input, context, "break_glass", input.breakGlassReason)
      : newRaidJob(input, context, "break_glass", input.breakGlassReason),
  completion: (result) => ({ outcome: "succeeded", summary: { ...result, breakGlass: true } }),
});
