"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { approveRequestAction } from "@/lib/approvals/actions/approve-request";
import { rejectRequestAction } from "@/lib/approvals/actions/reject-request";
import { withdrawRequestAction } from "@/lib/approvals/actions/withdraw-request";
import type { ActionResult } from "@/lib/actions/result";
import { useServerAction } from "@/lib/actions/use-server-action";
import type { ApprovalDecisionInput } from "@/lib/approvals/schemas";
import { ReasonDialog, type ReasonField } from "@/components/ui/reason-dialog";

type Decision = "approve" | "reject" | "withdraw";

const DECISIONS: Record<
  Decision,
  {
    button: string;
    title: string;
    confirm: string;
    pending: string;
    tone: "danger" | "primary";
    call: (input: ApprovalDecisionInput) => Promise<ActionResult<unknown>>;
  }
> = {
  approve: {
    button: "Approve",
    title: "Approve this request?",
    confirm: "Approve",
    pending: "Approving…",
    tone: "danger",
    call: approveRequestAction,
  },
  reject: {
    button: "Reject",
    title: "Reject this request?",
    confirm: "Reject",
    pending: "Rejecting…",
    tone: "primary",
    call: rejectRequestAction,
  },
  withdraw: {
    button: "Withdraw",
    title: "Withdraw your request?",
    confirm: "Withdraw",
    pending: "Withdrawing…",
    tone: "primary",
    call: withdrawRequestAction,
  },
};

const DECISION_REASON: ReasonField = {
  label: "Reason for your decision",
  hint: "Required. Recorded in the action log and shown on the job's page.",
  schema: () => import("@/lib/approvals/schemas").then((schemas) => schemas.approvalDecisionSchema.shape.reason),
};

const UNANSWERED =
  "The console's server did not answer, so it is not known whether your decision was recorded. The page shows the request as it is now.";

/**
 * Approve or reject a request (another operator), or withdraw it (its requester). Each asks for a
 * reason; whatever the answer, the page is read again, so that it shows the request as it is now.
 */
export function ApprovalDecision({
  jobId,
  summary,
  mode,
}: {
  jobId: string;
  /** What is being decided on: "Block 600 users on behalf of cometchat-uid-1". */
  summary: string;
  mode: "decide" | "withdraw";
}) {
  const router = useRouter();
  const decide = useServerAction(
    (request: { decision: Decision; reason: string }) =>
      DECISIONS[request.decision].call({ jobId, reason: request.reason }),
    { unanswered: UNANSWERED },
  );
  const [open, setOpen] = useState<Decision | null>(null);
  const shown = open ?? "approve";
  const choices: Decision[] = mode === "decide" ? ["approve", "reject"] : ["withdraw"];

  function confirm(reason: string) {
    if (!open) return;
    void decide.run({ decision: open, reason }, (answer) => {
      router.refresh();
      if (answer.ok) setOpen(null);
    });
  }

  return (
    <>
      <div className="flex flex-wrap gap-3">
        {choices.map((choice) => (
          <Button
            key={choice}
            variant={choice === "approve" ? "primary" : "secondary"}
            onClick={() => {
              decide.reset();
              setOpen(choice);
            }}
          >
            {DECISIONS[choice].button}
          </Button>
        ))}
      </div>
      <ReasonDialog
        open={open !== null}
        title={DECISIONS[shown].title}
        confirmLabel={DECISIONS[shown].confirm}
        pendingLabel={DECISIONS[shown].pending}
        tone={DECISIONS[shown].tone}
        reason={DECISION_REASON}
        call={decide}
        onConfirm={confirm}
        onClose={() => setOpen(null)}
      >
        <p>{summary}</p>
        {shown === "approve" && <p>Approving starts the job at once: the chat service receives every UID of it.</p>}
      </ReasonDialog>
    </>
  );
}
