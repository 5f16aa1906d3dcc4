import type { BlockJob } from "@/lib/incidents/jobs";

/** Until when the chat service's rate limit holds the job back, if it still does. */
export function rateLimitWait(job: Pick<BlockJob, "status" | "pauseUntil">, now = Date.now()): Date | null {
  if (job.status !== "running" || !job.pauseUntil) return null;
  return job.pauseUntil.getTime() > now ? job.pauseUntil : null;
}
