import type { BadgeTone } from "@/components/ui/badge";
import type { BlockJob } from "@/lib/incidents/jobs";
import { countOf, formatCount } from "@/lib/format/numbers";
import { JOB_KINDS } from "@/lib/incidents/job-kinds";

export type JobStatus = BlockJob["status"];

export const JOB_STATUSES: Record<JobStatus, { label: string; tone: BadgeTone }> = {
  awaiting_approval: { label: "Waiting for approval", tone: "warning" },
  rejected: { label: "Rejected", tone: "neutral" },
  withdrawn: { label: "Withdrawn", tone: "neutral" },
  expired: { label: "Expired", tone: "neutral" },
  running: { label: "Running", tone: "info" },
  paused: { label: "Paused", tone: "warning" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  completed: { label: "Completed", tone: "success" },
};

/** A running or paused job still changes; a completed or cancelled one never will. */
export function isActive(status: JobStatus): boolean {
  return status === "running" || status === "paused";
}

const shortId = (id: string) => id.slice(0, 8);

/** Whom or where the job acts, in words: "cometchat-uid-1", "group cometchat-guid-1", "reported messages", "the whole app". */
export function jobSubjectText(job: Pick<BlockJob, "kind" | "blockerUid" | "groupGuid">): string {
  if (job.kind === "report_decision") return "reported messages";
  if (job.blockerUid) return job.blockerUid;
  return job.groupGuid ? `group ${job.groupGuid}` : "the whole app";
}

/** "Blocking job for cometchat-uid-1", "Banning job for group …", "Retry job for …", "Undo job for …". */
export function jobTitle(job: Pick<BlockJob, "purpose" | "kind" | "blockerUid" | "groupGuid">): string {
  const subject = jobSubjectText(job);
  if (job.purpose === "retry") return `Retry job for ${subject}`;
  if (job.purpose === "undo") return `Undo job for ${subject}`;
  return `${JOB_KINDS[job.kind].doing} job for ${subject}`;
}

/** What a job does, for the list of jobs: "Block", "Deactivate", "Retry of job 1a2b3c4d", "Undo of job 1a2b3c4d". */
export function jobPurposeLabel(job: Pick<BlockJob, "purpose" | "kind" | "parentJobId">): string {
  const parent = job.parentJobId ? `job ${shortId(job.parentJobId)}` : "an earlier job";
  if (job.purpose === "retry") return `Retry of ${parent}`;
  if (job.purpose === "undo") return `Undo of ${parent}`;
  return JOB_KINDS[job.kind].verb;
}

type Counted = Pick<
  BlockJob,
  | "kind"
  | "blockedCount"
  | "alreadyBlockedCount"
  | "unblockedCount"
  | "notBlockedCount"
  | "notFoundCount"
  | "failedCount"
  | "cancelledCount"
  | "changedCount"
  | "unchangedCount"
>;

/** The counters that mean something for the job's kind; cancelled only once some were. */
export function jobCounts(job: Counted): Array<{ label: string; value: number }> {
  const { changedLabel, unchangedLabel } = JOB_KINDS[job.kind];
  const counts =
    job.kind === "unblock"
      ? [
          { label: changedLabel, value: job.unblockedCount },
          { label: unchangedLabel, value: job.notBlockedCount },
        ]
      : job.kind === "report_decision"
        ? [
            // Reports decided and the calls that took effect; blocks count in the blocks' columns.
            { label: changedLabel, value: job.changedCount + job.blockedCount },
            { label: unchangedLabel, value: job.unchangedCount + job.alreadyBlockedCount },
          ]
        : job.kind === "block"
          ? [
              { label: changedLabel, value: job.blockedCount },
              { label: unchangedLabel, value: job.alreadyBlockedCount },
            ]
          : [
              { label: changedLabel, value: job.changedCount },
              { label: unchangedLabel, value: job.unchangedCount },
            ];
  if (job.notFoundCount > 0) counts.push({ label: "Not found", value: job.notFoundCount });
  counts.push({ label: "Failed", value: job.failedCount });
  if (job.cancelledCount > 0) counts.push({ label: "Cancelled", value: job.cancelledCount });
  return counts;
}

/** "420 blocked, 30 already blocked, 50 failed". */
export function jobCountsSummary(job: Counted): string {
  return jobCounts(job)
    .map(({ label, value }) => `${formatCount(value)} ${label.toLowerCase()}`)
    .join(", ");
}

export function usersCount(count: number): string {
  return countOf(count, "user", "users");
}
