"use server";

import { startAction } from "@/lib/incidents/raid-job-actions";

export const startBanAction = startAction("ban", "incident.job.start", "start");
