"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/actions/define-action";
import { createIncidentJobAction } from "@/lib/actions/incidents";
import { ActionFailure } from "./action-failure";
import { ConfirmDialog } from "./confirm-dialog";
import { formatCount } from "./format";
import { usersCount } from "./job-labels";

export type StartRequest = {
  blocker: string;
  reason: string;
  /** Those to block and those already blocked: the job records the latter without sending them. */
  uids: string[];
  toBlock: number;
  alreadyBlocked: number;
};

type Failure = Extract<ActionResult<unknown>, { ok: false }>;

const UNANSWERED =
  "The console's server did not answer, so it is not known whether the job started. Check the recent jobs before starting it again.";

/** Confirms a previewed list and starts its job; the job's page follows its progress. */
export function StartBlockingDialog({ request, onClose }: { request: StartRequest | null; onClose: () => void }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<Failure | null>(null);

  function close() {
    setFailure(null);
    onClose();
  }

  function confirm() {
    if (!request) return;
    setFailure(null);
    startTransition(async () => {
      let answer: ActionResult<{ jobId: string }>;
      try {
        answer = await createIncidentJobAction({
          blocker: request.blocker,
          reason: request.reason,
          uids: request.uids,
        });
      } catch {
        answer = { ok: false, message: UNANSWERED };
      }
      if (answer.ok) router.push(`/incidents/${answer.data.jobId}`);
      else setFailure(answer);
    });
  }

  return (
    <ConfirmDialog
      open={request !== null}
      title={request ? `Block ${usersCount(request.toBlock)} on behalf of ${request.blocker}?` : "Start blocking?"}
      confirmLabel="Confirm block"
      pendingLabel="Starting…"
      pending={pending}
      onConfirm={confirm}
      onClose={close}
    >
      {request && (
        <div className="space-y-2">
          <p>
            {request.blocker} will block {usersCount(request.toBlock)}, in chunks, in the background. You can pause or
            cancel the job from its page.
          </p>
          {request.alreadyBlocked > 0 && (
            <p>
              {formatCount(request.alreadyBlocked)} already blocked by {request.blocker} are recorded with the job, not
              sent.
            </p>
          )}
          <p>Reason: {request.reason}</p>
          <div role="status">{pending && <p className="font-medium text-slate-900">Starting the job…</p>}</div>
          {failure && <ActionFailure message={failure.message} fieldErrors={failure.fieldErrors} />}
        </div>
      )}
    </ConfirmDialog>
  );
}
