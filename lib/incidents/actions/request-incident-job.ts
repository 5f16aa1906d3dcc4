"use server";

import { defineAction } from "@/lib/actions/define-action";
import { jobRequestAudit, newIncidentJob } from "@/lib/incidents/new-incident-job";
import { createIncidentJobSchema } from "@/lib/incidents/schemas";

/** A job past the approval threshold, stored and shown as waiting for a second operator: nothing is sent. */
export const requestIncidentJobAction = defineAction({
  name: "incident.job.request",
  permission: "users.block",
  describe: "block users",
  input: createIncidentJobSchema,
  audit: jobRequestAudit,
  run: (input, context) => newIncidentJob(input, context, "request"),
  completion: (result) => ({ outcome: "succeeded", summary: result }),
});
