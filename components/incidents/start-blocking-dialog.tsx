"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { BlockForField } from "@/components/ui/block-for-field";
import { createIncidentJobAction } from "@/lib/actions/incidents";
import type { BlockFor } from "@/lib/schemas/block-for";
import { useServerAction } from "@/lib/actions/use-server-action";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatCount } from "@/lib/format/numbers";
import { usersCount } from "./job-labels";

export type StartRequest = {
  blocker: string;
  reason: string;
  /** Those to block and those already blocked: the job records the latter without sending them. */
  uids: string[];
  toBlock: number;
  alreadyBlocked: number;
};

const FIELD_LABELS = { blocker: "On behalf of", reason: "Reason", uids: "UIDs", blockFor: "Block for" };

const UNANSWERED =
  "The console's server did not answer, so it is not known whether the job started. Check the recent jobs before starting it again.";

/** Confirms a previewed list and starts its job; the job's page follows its progress. */
export function StartBlockingDialog({ request, onClose }: { request: StartRequest | null; onClose: () => void }) {
  const router = useRouter();
  const start = useServerAction(createIncidentJobAction, { unanswered: UNANSWERED });
  const blockForId = useId();
  const [blockFor, setBlockFor] = useState<BlockFor>("forever");

  function close() {
    start.reset();
    onClose();
  }

  function confirm() {
    if (!request) return;
    void start.run({ blocker: request.blocker, reason: request.reason, uids: request.uids, blockFor }, (answer) => {
      if (answer.ok) router.push(`/incidents/${answer.data.jobId}`);
    });
  }

  return (
    <ConfirmDialog
      open={request !== null}
      title={request ? `Block ${usersCount(request.toBlock)} on behalf of ${request.blocker}?` : "Start blocking?"}
      confirmLabel="Confirm block"
      pendingLabel="Starting…"
      pending={start.pending}
      onConfirm={confirm}
      onClose={close}
      failure={start.failure}
      failureLabels={FIELD_LABELS}
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
          <BlockForField id={blockForId} value={blockFor} onChange={setBlockFor} />
        </div>
      )}
    </ConfirmDialog>
  );
}
