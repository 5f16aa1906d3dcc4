"use client";

import { useEffect, useId, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { JobProgress } from "@/lib/incidents/jobs";
import { formatCount, formatRate, formatTimeLeft } from "@/lib/format/numbers";
import { formatClock } from "@/lib/format/time";
import { JobControls } from "./job-controls";
import { isActive, JOB_STATUSES, jobCounts, jobCountsSummary } from "./job-labels";
import { JobStatusBadge } from "./job-status-badge";
import { useJobProgress } from "./use-job-progress";

type JobProgressPanelProps = {
  initial: JobProgress;
  /** Until when the rate limit held the job back when the page was rendered. */
  waitingUntil: Date | null;
  /** Whether the operator may control the job (pause, resume, cancel, retry); support only follows it. */
  canAct: boolean;
  canUnblock: boolean;
};

/** Live progress of a job, kept while the page is open and read again from the server after a reload. */
export function JobProgressPanel({ initial, waitingUntil: initialWait, canAct, canUnblock }: JobProgressPanelProps) {
  const headingId = useId();
  const { progress, waitingUntil, pollError, refresh } = useJobProgress(initial, initialWait);
  const { job, done, rate, secondsLeft, budget } = progress;
  const ended = !isActive(job.status);
  const summaryRef = useRef<HTMLDivElement>(null);

  // The controls change once a job ends; if the focused one went with them, the focus goes to the job's status.
  useEffect(() => {
    if (ended && (document.activeElement === null || document.activeElement === document.body))
      summaryRef.current?.focus();
  }, [ended]);

  // The live region holds only what changes rarely: the status, and the counts once the job has ended.
  const summary = ended
    ? `${JOB_STATUSES[job.status].label}: ${jobCountsSummary(job)}.`
    : `${JOB_STATUSES[job.status].label}.`;

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Progress
        </h2>
        <JobStatusBadge status={job.status} />
      </div>

      <div ref={summaryRef} tabIndex={-1} role="status" className="rounded text-sm font-medium text-slate-900">
        <span className="text-slate-600">Status: </span>
        {summary}
      </div>

      <div className="space-y-2">
        <ProgressBar
          label="Job progress"
          value={done}
          max={job.total}
          valueText={`${formatCount(done)} of ${formatCount(job.total)} done`}
        />
        <p className="text-sm text-slate-800 tabular-nums">
          {formatCount(done)} of {formatCount(job.total)} done
        </p>
      </div>

      <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
        {jobCounts(job).map(({ label, value }) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-base font-semibold text-slate-900 tabular-nums">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>

      {job.status === "running" && (
        <p className="text-sm text-slate-700">
          {formatRate(rate)}
          {" · "}
          {secondsLeft === null ? "time left not known yet" : formatTimeLeft(secondsLeft)}
          {" · "}
          <span data-testid="rate-budget">
            budget in use: {formatCount(budget.callsLastMinute)} of {formatCount(budget.allowedPerMinute)} calls a
            minute
          </span>
        </p>
      )}
      {waitingUntil && (
        <p className="text-sm text-amber-900">
          Sending is held back: waiting for the chat service&apos;s rate limit until {formatClock(waitingUntil)}.
        </p>
      )}
      {job.lastError && (
        <Alert tone="warning" title="Last error">
          {job.lastError}
        </Alert>
      )}
      {pollError && <Alert tone="warning">{pollError}</Alert>}

      {canAct && <JobControls job={job} canUnblock={canUnblock} onChanged={refresh} />}
    </section>
  );
}
