"use server";

import { startAction } from "@/lib/incidents/raid-job-actions";

export const startDeleteMessagesAction = startAction("delete_messages", "incident.job.start", "start");
