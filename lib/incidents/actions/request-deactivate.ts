"use server";

import { startAction } from "@/lib/incidents/raid-job-actions";

export const requestDeactivateAction = startAction("deactivate", "incident.job.request", "request");
