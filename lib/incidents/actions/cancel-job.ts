"use server";

import { getDb } from "@/lib/db/client";
import { jobControl } from "@/lib/incidents/job-control";
import { cancelJob } from "@/lib/incidents/jobs";

export const cancelJobAction = jobControl(
  "incident.job.cancel",
  "cancel jobs",
  async (job) => cancelJob(await getDb(), job.id),
  "Only a running or paused job can be cancelled",
);
