"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/actions/define-action";
import {
  cancelJobAction,
  pauseJobAction,
  resumeJobAction,
  retryFailedAction,
  undoJobAction,
} from "@/lib/actions/incidents";
import type { BlockJob } from "@/lib/incidents/jobs";
import { ActionFailure } from "./action-failure";
import { ConfirmDialog } from "./confirm-dialog";
import { formatCount } from "./format";
import { isActive, usersCount } from "./job-labels";

type Control = "pause" | "resume" | "cancel" | "retry" | "undo";
type Failure = Extract<ActionResult<unknown>, { ok: false }>;
type ControlledJob = Pick<
  BlockJob,
  "id" | "kind" | "status" | "blockerUid" | "total" | "doneCount" | "blockedCount" | "failedCount"
>;

// aria-disabled rather than disabled keeps the pressed button focused while the call runs.
const BUSY = "aria-disabled:cursor-not-allowed aria-disabled:opacity-70";

const UNANSWERED =
  "The console's server did not answer, so it is not known whether that took effect. The progress above shows the job as it is now.";

type JobControlsProps = {
  job: ControlledJob;
  /** Whether the operator may start an undo, which unblocks. */
  canUnblock: boolean;
  /** Reads the job again, so that the page shows what a control changed without waiting for the next tick. */
  onChanged: () => Promise<void>;
};

/** Pause, resume or cancel a job while it runs; once it has ended, retry its failures or undo its blocks. */
export function JobControls({ job, canUnblock, onChanged }: JobControlsProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [control, setControl] = useState<Control | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [dialog, setDialog] = useState<"cancel" | "undo" | null>(null);
  const busy = pending ? control : null;
  const active = isActive(job.status);
  const jobId = job.id;

  function run(name: Control, call: () => Promise<ActionResult<{ jobId: string }>>, follow: "refresh" | "open") {
    if (pending) return;
    setControl(name);
    setFailure(null);
    startTransition(async () => {
      let answer: ActionResult<{ jobId: string }>;
      try {
        answer = await call();
      } catch {
        answer = { ok: false, message: UNANSWERED };
      }
      // Refused or not, the job may have moved on (ended, been paused by another operator): show it as it is.
      if (follow === "refresh" || !answer.ok) await onChanged();
      if (!answer.ok) {
        setFailure(answer);
        return;
      }
      if (follow === "open") router.push(`/incidents/${answer.data.jobId}`);
      else setDialog(null);
    });
  }

  function closeDialog() {
    setDialog(null);
    setFailure(null);
  }

  const failureAlert = failure && <ActionFailure message={failure.message} fieldErrors={failure.fieldErrors} />;
  const canRetry = !active && job.failedCount > 0;
  const canUndo = !active && canUnblock && job.kind === "block" && job.blockedCount > 0;
  if (!active && !canRetry && !canUndo && !failure) return null;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        {active && (
          <>
            {/* One button that changes its name, so that the focus stays on it from pause to resume. */}
            <Button
              variant="secondary"
              aria-disabled={pending || undefined}
              className={BUSY}
              onClick={() =>
                job.status === "running"
                  ? run("pause", () => pauseJobAction({ jobId }), "refresh")
                  : run("resume", () => resumeJobAction({ jobId }), "refresh")
              }
            >
              {busy === "pause"
                ? "Pausing…"
                : busy === "resume"
                  ? "Resuming…"
                  : job.status === "running"
                    ? "Pause"
                    : "Resume"}
            </Button>
            <Button variant="danger" onClick={() => setDialog("cancel")}>
              Cancel job
            </Button>
          </>
        )}
        {canRetry && (
          <Button
            variant="secondary"
            aria-disabled={pending || undefined}
            className={BUSY}
            onClick={() => run("retry", () => retryFailedAction({ jobId }), "open")}
          >
            {busy === "retry" ? "Starting the retry…" : "Retry failed"}
          </Button>
        )}
        {canUndo && (
          <Button variant="danger" onClick={() => setDialog("undo")}>
            Unblock all blocked by this job
          </Button>
        )}
      </div>
      {dialog === null && failureAlert}

      <ConfirmDialog
        open={dialog === "cancel"}
        title="Cancel this job?"
        confirmLabel="Confirm cancel"
        pendingLabel="Cancelling…"
        dismissLabel="Keep the job"
        pending={busy === "cancel"}
        onConfirm={() => run("cancel", () => cancelJobAction({ jobId }), "refresh")}
        onClose={closeDialog}
      >
        <div className="space-y-2">
          <p>
            {formatCount(job.doneCount)} of {formatCount(job.total)} UIDs are done. The UIDs not sent yet will not be
            sent and are recorded as cancelled; those already on their way are finished and recorded.
          </p>
          {failureAlert}
        </div>
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog === "undo"}
        title={`Unblock ${usersCount(job.blockedCount)} on behalf of ${job.blockerUid}?`}
        confirmLabel="Confirm unblock"
        pendingLabel="Starting…"
        pending={busy === "undo"}
        onConfirm={() => run("undo", () => undoJobAction({ jobId }), "open")}
        onClose={closeDialog}
      >
        <div className="space-y-2">
          <p>
            A new job unblocks the {usersCount(job.blockedCount)} this job blocked. Users {job.blockerUid} had blocked
            before this job stay blocked.
          </p>
          {failureAlert}
        </div>
      </ConfirmDialog>
    </div>
  );
}
