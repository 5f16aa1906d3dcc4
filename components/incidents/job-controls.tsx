"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionFailure } from "@/components/ui/action-failure";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { cancelJobAction } from "@/lib/incidents/actions/cancel-job";
import { pauseJobAction } from "@/lib/incidents/actions/pause-job";
import { resumeJobAction } from "@/lib/incidents/actions/resume-job";
import { retryFailedAction } from "@/lib/incidents/actions/retry-failed";
import { undoJobAction } from "@/lib/incidents/actions/undo-job";
import type { BlockJob } from "@/lib/incidents/jobs";
import type { ActionResult } from "@/lib/actions/result";
import { useServerAction } from "@/lib/actions/use-server-action";
import { formatCount } from "@/lib/format/numbers";
import { isActive, usersCount } from "./job-labels";
import { JOB_KINDS } from "@/lib/incidents/job-kinds";

type Control = "pause" | "resume" | "cancel" | "retry" | "undo";
type ControlledJob = Pick<
  BlockJob,
  | "id"
  | "kind"
  | "status"
  | "blockerUid"
  | "groupGuid"
  | "total"
  | "doneCount"
  | "blockedCount"
  | "changedCount"
  | "failedCount"
>;

const UNANSWERED =
  "The console's server did not answer, so it is not known whether that took effect. The progress above shows the job as it is now.";

type JobControlsProps = {
  job: ControlledJob;
  /** Whether the operator may start an undo, which unblocks. */
  canUnblock: boolean;
  /** Reads the job again, so that the page shows what a control changed without waiting for the next tick. */
  onChanged: () => Promise<void>;
};

/** What the undo's confirmation says: what it reverses, and that it leaves what was so before the job alone. */
function undoConfirmation(job: ControlledJob) {
  if (job.kind === "block")
    return {
      title: `Unblock ${usersCount(job.blockedCount)} on behalf of ${job.blockerUid}?`,
      confirmLabel: "Confirm unblock",
      pendingLabel: "Starting…",
      children: `A new job unblocks the ${usersCount(job.blockedCount)} this job blocked. Users ${job.blockerUid} had blocked before this job stay blocked.`,
    };
  const ban = job.kind === "ban";
  const verb = ban ? "Unban" : "Reactivate";
  return {
    title: `${verb} ${usersCount(job.changedCount)}${ban ? ` in group ${job.groupGuid}` : ""}?`,
    confirmLabel: `Confirm ${verb.toLowerCase()}`,
    pendingLabel: "Starting…",
    children: `A new job ${verb.toLowerCase()}s the ${usersCount(job.changedCount)} this job ${ban ? "banned" : "deactivated"}. Users who were ${ban ? "banned" : "deactivated"} before this job stay so.`,
  };
}

/** Pause, resume or cancel a job while it runs; once it has ended, retry its failures or undo its blocks. */
export function JobControls({ job, canUnblock, onChanged }: JobControlsProps) {
  const router = useRouter();
  // One runner for every control: only one of them can be under way at a time.
  const control = useServerAction(
    (request: { name: Control; call: () => Promise<ActionResult<{ jobId: string }>> }) => request.call(),
    { unanswered: UNANSWERED },
  );
  // The control under way, as state of its own: the transition's `pending` commits together with
  // the page's refresh that a new status starts, so "Pausing…" would outlast the answer by a render.
  const [busy, setBusy] = useState<Control | null>(null);
  const [dialog, setDialog] = useState<"cancel" | "undo" | null>(null);
  const failure = control.failure;
  const active = isActive(job.status);
  const jobId = job.id;

  function run(name: Control, call: () => Promise<ActionResult<{ jobId: string }>>, follow: "refresh" | "open") {
    if (busy) return;
    setBusy(name);
    void control.run({ name, call }, async (answer) => {
      // Refused or not, the job may have moved on (ended, been paused by another operator): show it as it is.
      try {
        if (follow === "refresh" || !answer.ok) await onChanged();
      } finally {
        setBusy(null);
      }
      if (!answer.ok) return;
      if (follow === "open") router.push(`/incidents/${answer.data.jobId}`);
      else setDialog(null);
    });
  }

  function closeDialog() {
    setDialog(null);
    control.reset();
  }

  // What each confirmation says, and what its button does. The dialog stays in the page while closed,
  // so that closing it hands the focus back to the button that opened it.
  const confirmation =
    dialog !== "undo"
      ? {
          title: "Cancel this job?",
          confirmLabel: "Confirm cancel",
          pendingLabel: "Cancelling…",
          onConfirm: () => run("cancel", () => cancelJobAction({ jobId }), "refresh"),
          children: `${formatCount(job.doneCount)} of ${formatCount(job.total)} UIDs are done. The UIDs not sent yet will not be sent and are recorded as cancelled; those already on their way are finished and recorded.`,
        }
      : { ...undoConfirmation(job), onConfirm: () => run("undo", () => undoJobAction({ jobId }), "open") };

  const changed = job.kind === "block" ? job.blockedCount : job.changedCount;
  const undo = JOB_KINDS[job.kind].undo;
  // A decision's failed reports are back in the queue, to be decided there again.
  const canRetry = !active && job.failedCount > 0 && job.kind !== "report_decision";
  const canUndo = !active && canUnblock && undo !== undefined && changed > 0;
  if (!active && !canRetry && !canUndo && !failure) return null;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        {active && (
          <>
            {/* One button that changes its name, so that the focus stays on it from pause to resume. */}
            <Button
              variant="secondary"
              busy={busy !== null}
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
            busy={busy !== null}
            onClick={() => run("retry", () => retryFailedAction({ jobId }), "open")}
          >
            {busy === "retry" ? "Starting the retry…" : "Retry failed"}
          </Button>
        )}
        {canUndo && (
          <Button variant="danger" onClick={() => setDialog("undo")}>
            {undo?.label}
          </Button>
        )}
      </div>
      {dialog === null && failure && <ActionFailure failure={failure} />}

      <ConfirmDialog
        open={dialog !== null}
        dismissLabel={dialog === "cancel" ? "Keep the job" : undefined}
        pending={dialog !== null && busy === dialog}
        onClose={closeDialog}
        failure={failure}
        {...confirmation}
      />
    </div>
  );
}
