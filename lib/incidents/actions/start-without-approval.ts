"use server";

import { defineAction } from "@/lib/actions/define-action";
import { jobRequestAudit, newIncidentJob } from "@/lib/incidents/new-incident-job";
import { breakGlassJobSchema } from "@/lib/incidents/schemas";

/** An admin starts their own large job without a second operator: flagged in the log and on the job. */
export const startWithoutApprovalAction = defineAction({
  name: "incident.job.break_glass",
  permission: "incidents.break_glass",
  describe: "start a large job without a second operator's approval",
  input: breakGlassJobSchema,
  audit: (input) => {
    const request = jobRequestAudit(input);
    return {
      ...request,
      requestBody: { ...request.requestBody, breakGlass: true, breakGlassReason: input.breakGlassReason },
    };
  },
  run: (input, context) => newIncidentJob(input, context, "break_glass", input.breakGlassReason),
  completion: (result) => ({ outcome: "succeeded", summary: { ...result, breakGlass: true } }),
});
