"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionFailure } from "@/components/ui/action-failure";
import { useAnnouncer } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { deliverBlockedMessagesAction } from "@/lib/blocked-messages/actions/deliver-blocked-messages";
import { keepBlockedMessagesAction } from "@/lib/blocked-messages/actions/keep-blocked-messages";
import type { ActionResult } from "@/lib/actions/result";
import { useServerAction } from "@/lib/actions/use-server-action";
import { countOf } from "@/lib/format/numbers";

type Target = { kind: "messages"; messageIds: string[] } | { kind: "sender"; senderUid: string };
type Outcome = { outcome: string };

const UNANSWERED =
  "The console's server did not answer, so it is not known whether the decision reached the chat service. Reload the page to see the messages as they are.";

/** What a decision did, in words, for the announcement and the line under the buttons. */
function summaryOf(decision: "deliver" | "keep", outcomes: Outcome[]): string {
  const done = outcomes.filter((outcome) => outcome.outcome === "delivered" || outcome.outcome === "kept").length;
  const failed = outcomes.filter((outcome) => outcome.outcome === "failed").length;
  const already = outcomes.length - done - failed;
  const verb = decision === "deliver" ? "delivered" : "kept blocked";
  return [
    `${countOf(done, "message", "messages")} ${verb}`,
    ...(already > 0 ? [`${countOf(already, "was", "were")} already decided`] : []),
    ...(failed > 0 ? [`${countOf(failed, "failed", "failed")}: try again`] : []),
  ].join("; ");
}

/**
 * "Deliver" and "Keep blocked", for one message or every blocked message of a sender: delivering
 * cannot be undone, so it asks first and names what it delivers.
 */
export function DecisionButtons({ target, what, size = "sm" }: { target: Target; what: string; size?: "sm" | "md" }) {
  const router = useRouter();
  const announce = useAnnouncer();
  const deliver = useServerAction(deliverBlockedMessagesAction, { unanswered: UNANSWERED });
  const keep = useServerAction(keepBlockedMessagesAction, { unanswered: UNANSWERED });
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const pending = deliver.pending || keep.pending;

  const done = (decision: "deliver" | "keep") => (answer: ActionResult<{ outcomes: Outcome[] }>) => {
    if (!answer.ok) return;
    const summary = summaryOf(decision, answer.data.outcomes);
    setSaid(summary);
    setConfirming(false);
    announce?.(summary);
    router.refresh();
  };

  return (
    <div className="space-y-1">
      <div className="flex flex-wrap gap-2">
        <Button
          size={size}
          busy={deliver.pending}
          disabled={pending && !deliver.pending}
          onClick={() => setConfirming(true)}
        >
          {target.kind === "sender" ? "Deliver all" : "Deliver"}
        </Button>
        <Button
          size={size}
          variant="secondary"
          busy={keep.pending}
          onClick={() => void keep.run({ target }, done("keep"))}
        >
          {target.kind === "sender" ? "Keep all blocked" : "Keep blocked"}
        </Button>
      </div>
      {said && <p className="text-xs text-slate-700">{said}</p>}
      {keep.failure && <ActionFailure failure={keep.failure} />}
      <ConfirmDialog
        open={confirming}
        title={`Deliver ${what}?`}
        confirmLabel="Deliver"
        pendingLabel="Delivering…"
        tone="primary"
        pending={deliver.pending}
        failure={deliver.failure}
        onClose={() => {
          setConfirming(false);
          deliver.reset();
        }}
        onConfirm={() => void deliver.run({ target }, done("deliver"))}
      >
        <p className="text-sm text-slate-800">
          The chat service delivers {what} to where it was sent, as if no rule had held it back. This cannot be undone
          from here; the decision is recorded in the action log.
        </p>
      </ConfirmDialog>
    </div>
  );
}
