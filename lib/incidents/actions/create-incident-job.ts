"use server";

import { defineAction } from "@/lib/actions/define-action";
import { jobRequestAudit, newIncidentJob } from "@/lib/incidents/new-incident-job";
import { createIncidentJobSchema } from "@/lib/incidents/schemas";

export const createIncidentJobAction = defineAction({
  name: "incident.job.start",
  permission: "users.block",
  describe: "block users",
  input: createIncidentJobSchema,
  audit: jobRequestAudit,
  run: (input, context) => newIncidentJob(input, context, "start"),
  completion: (result) => ({ outcome: "succeeded", summary: result }),
});
