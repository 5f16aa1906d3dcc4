"use client";

import { useState } from "react";
import { ConfirmDialogBody } from "@/components/ui/confirm-dialog-body";
import { unblockUsersAction } from "@/lib/blocking/actions/unblock-users";
import { useServerAction } from "@/lib/actions/use-server-action";
import { OUTCOMES } from "@/lib/outcomes";

const UNANSWERED =
  "The console could not reach its server, so it does not know whether the unblock was sent. Check the action log before trying again.";

type UnblockDialogProps = {
  blocker: string;
  uid: string;
  name?: string;
  open: boolean;
  onClose: () => void;
  /** Called with what to announce once the service has unblocked (or found nothing to unblock). */
  onDone: (message: string) => void;
};

/** "Unblock …?": unblocks one UID on behalf of `blocker`, and says so when the service refuses that UID. */
export function UnblockDialog({ blocker, uid, name, open, onClose, onDone }: UnblockDialogProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const unblock = useServerAction(unblockUsersAction, { unanswered: UNANSWERED });

  function confirmUnblock() {
    setRefusal(null);
    void unblock.run({ blocker, uids: [uid] }, (answer) => {
      if (!answer.ok) return;
      // The call can succeed while the service refuses this UID: say so rather than "Unblocked".
      const row = answer.data.rows.find((entry) => entry.uid === uid && !entry.unexpected);
      if (row && row.outcome !== "unblocked" && row.outcome !== "not_blocked") {
        setRefusal(`${OUTCOMES[row.outcome].label}: ${row.message}`);
        return;
      }
      onDone(row?.outcome === "not_blocked" ? `${uid} was no longer blocked.` : `Unblocked ${uid}.`);
    });
  }

  return (
    <ConfirmDialogBody
      open={open}
      title={`Unblock ${uid}?`}
      confirmLabel="Confirm unblock"
      pendingLabel="Unblocking…"
      pending={unblock.pending}
      onConfirm={confirmUnblock}
      onClose={onClose}
      failure={unblock.failure ?? (refusal ? { message: refusal } : null)}
    >
      <p>
        {blocker} will unblock {name || uid}.
      </p>
    </ConfirmDialogBody>
  );
}
