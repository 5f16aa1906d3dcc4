"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { BlockForField } from "@/components/ui/block-for-field";
import { createIncidentJobAction } from "@/lib/incidents/actions/create-incident-job";
import { requestIncidentJobAction } from "@/lib/incidents/actions/request-incident-job";
import type { BlockFor } from "@/lib/blocking/block-for";
import { useServerAction } from "@/lib/actions/use-server-action";
import { ConfirmDialogBody } from "@/components/ui/confirm-dialog-body";
import { formatCount } from "@/lib/format/numbers";
import { usersCount } from "./job-labels";

export type StartRequest = {
  blocker: string;
  reason: string;
  /** Those to block and those already blocked: the job records the latter without sending them. */
  uids: string[];
  toBlock: number;
  alreadyBlocked: number;
  /** What the preview counted besides: the approver sees it too. */
  preview: { invalid: number; duplicates: number; selfExcluded: boolean };
  /** Past APPROVAL_THRESHOLD_UIDS: the job waits for a second operator's approval. */
  needsApproval: boolean;
  approvalThreshold: number;
};

const FIELD_LABELS = { blocker: "On behalf of", reason: "Reason", uids: "UIDs", blockFor: "Block for" };

const UNANSWERED =
  "The console's server did not answer, so it is not known whether the job started. Check the recent jobs before starting it again.";

/** Confirms a previewed list and starts its job; the job's page follows its progress. */
export function StartBlockingDialog({ request, onClose }: { request: StartRequest | null; onClose: () => void }) {
  const router = useRouter();
  const start = useServerAction(request?.needsApproval ? requestIncidentJobAction : createIncidentJobAction, {
    unanswered: UNANSWERED,
  });
  const blockForId = useId();
  const [blockFor, setBlockFor] = useState<BlockFor>("forever");

  function close() {
    start.reset();
    onClose();
  }

  function confirm() {
    if (!request) return;
    const { blocker, reason, uids, preview } = request;
    void start.run({ blocker, reason, uids, blockFor, preview }, (answer) => {
      if (answer.ok) router.push(`/incidents/${answer.data.jobId}`);
    });
  }

  return (
    <ConfirmDialogBody
      open={request !== null}
      title={
        request
          ? `${request.needsApproval ? "Request approval to block" : "Block"} ${usersCount(request.toBlock)} on behalf of ${request.blocker}?`
          : "Start blocking?"
      }
      confirmLabel={request?.needsApproval ? "Request approval" : "Confirm block"}
      pendingLabel={request?.needsApproval ? "Requesting…" : "Starting…"}
      pending={start.pending}
      onConfirm={confirm}
      onClose={close}
      failure={start.failure}
      failureLabels={FIELD_LABELS}
    >
      {request && (
        <div className="space-y-2">
          {request.needsApproval ? (
            <p>
              That is more than {formatCount(request.approvalThreshold)}: nothing is sent until another moderator or
              admin approves it. The job waits for approval on its page, where you can withdraw it.
            </p>
          ) : (
            <p>
              {request.blocker} will block {usersCount(request.toBlock)}, in chunks, in the background. You can pause or
              cancel the job from its page.
            </p>
          )}
          {request.alreadyBlocked > 0 && (
            <p>
              {formatCount(request.alreadyBlocked)} already blocked by {request.blocker} are recorded with the job, not
              sent.
            </p>
          )}
          <p>Reason: {request.reason}</p>
          <BlockForField id={blockForId} value={blockFor} onChange={setBlockFor} />
        </div>
      )}
    </ConfirmDialogBody>
  );
}
