"use server";

import { startAction } from "@/lib/incidents/raid-job-actions";

export const requestDeleteMessagesAction = startAction("delete_messages", "incident.job.request", "request");
