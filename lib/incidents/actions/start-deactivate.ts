"use server";

import { startAction } from "@/lib/incidents/raid-job-actions";

export const startDeactivateAction = startAction("deactivate", "incident.job.start", "start");
