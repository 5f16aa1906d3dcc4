"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { BlockForField } from "@/components/ui/block-for-field";
import { startWithoutApprovalAction } from "@/lib/incidents/actions/start-without-approval";
import { useServerAction } from "@/lib/actions/use-server-action";
import type { BlockFor } from "@/lib/blocking/block-for";
import { MIN_BREAK_GLASS_REASON } from "@/lib/incidents/limits";
import { formatCount } from "@/lib/format/numbers";
import { usersCount } from "./job-labels";
import { ReasonDialog, type ReasonField } from "@/components/ui/reason-dialog";
import type { StartRequest } from "./start-blocking-dialog";

const UNANSWERED =
  "The console's server did not answer, so it is not known whether the job started. Check the recent jobs before starting it again.";

const BREAK_GLASS_REASON: ReasonField = {
  label: "Why this cannot wait for a second operator",
  hint: `At least ${MIN_BREAK_GLASS_REASON} characters. Recorded in the action log and shown on the job's page and to every admin.`,
  schema: () => import("@/lib/incidents/schemas").then((schemas) => schemas.breakGlassReasonSchema),
  field: "breakGlassReason",
};

/**
 * An admin starts their own large job without a second operator ("break glass"): only with a reason
 * of its own, and the job is flagged in the action log, on its page and in every admin's history.
 */
export function BreakGlassDialog({ request, onClose }: { request: StartRequest | null; onClose: () => void }) {
  const router = useRouter();
  const start = useServerAction(startWithoutApprovalAction, { unanswered: UNANSWERED });
  const blockForId = useId();
  const [blockFor, setBlockFor] = useState<BlockFor>("forever");

  function confirm(breakGlassReason: string) {
    if (!request) return;
    const { blocker, reason, uids, preview } = request;
    void start.run({ kind: "block", blocker, reason, uids, blockFor, preview, breakGlassReason }, (answer) => {
      if (answer.ok) router.push(`/incidents/${answer.data.jobId}`);
    });
  }

  return (
    <ReasonDialog
      open={request !== null}
      title={request ? `Start blocking ${usersCount(request.toBlock)} without approval?` : "Start without approval?"}
      confirmLabel="Start without approval"
      pendingLabel="Starting…"
      reason={BREAK_GLASS_REASON}
      call={start}
      onConfirm={confirm}
      onClose={() => {
        start.reset();
        onClose();
      }}
    >
      {request && (
        <>
          <p>
            {request.blocker} will block {usersCount(request.toBlock)} now, with no second operator&apos;s approval
            (more than {formatCount(request.approvalThreshold)} needs one). The job is flagged as started without
            approval.
          </p>
          <p>Reason for the block: {request.reason}</p>
          <BlockForField id={blockForId} value={blockFor} onChange={setBlockFor} />
        </>
      )}
    </ReasonDialog>
  );
}
