"use server";

import { getDb } from "@/lib/db/client";
import { jobControl } from "@/lib/incidents/job-control";
import { setJobStatus } from "@/lib/incidents/jobs";

export const resumeJobAction = jobControl(
  "incident.job.resume",
  "resume jobs",
  async (job) => setJobStatus(await getDb(), job.id, ["paused"], "running"),
  "Only a paused job can be resumed",
);
