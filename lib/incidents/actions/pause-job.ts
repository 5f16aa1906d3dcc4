"use server";

import { getDb } from "@/lib/db/client";
import { jobControl } from "@/lib/incidents/job-control";
import { setJobStatus } from "@/lib/incidents/jobs";

export const pauseJobAction = jobControl(
  "incident.job.pause",
  "pause jobs",
  async (job) => setJobStatus(await getDb(), job.id, ["running"], "paused"),
  "Only a running job can be paused",
);
