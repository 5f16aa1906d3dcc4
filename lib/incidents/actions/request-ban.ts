"use server";

import { startAction } from "@/lib/incidents/raid-job-actions";

export const requestBanAction = startAction("ban", "incident.job.request", "request");
