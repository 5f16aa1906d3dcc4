"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { unblockUsersAction } from "@/lib/blocking/actions/unblock-users";
import { useServerAction } from "@/lib/actions/use-server-action";
import { OUTCOMES } from "@/lib/outcomes";
import { useAnnouncer } from "@/components/ui/announcer";

const UNANSWERED =
  "The console could not reach its server, so it does not know whether the unblock was sent. Check the action log before trying again.";

/** Unblocks one UID on behalf of `blocker`, after a confirmation. */
export function UnblockButton({ blocker, uid, name }: { blocker: string; uid: string; name?: string }) {
  const router = useRouter();
  const announcer = useAnnouncer();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [ownMessage, setOwnMessage] = useState("");
  const unblock = useServerAction(unblockUsersAction, { unanswered: UNANSWERED });

  function openDialog() {
    unblock.reset();
    setRefusal(null);
    setOpen(true);
  }

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
      const done = row?.outcome === "not_blocked" ? `${uid} was no longer blocked.` : `Unblocked ${uid}.`;
      setOpen(false);
      if (announcer) announcer(done);
      else setOwnMessage(done);
      router.refresh();
    });
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={openDialog}>
        Unblock<span className="sr-only"> {uid}</span>
      </Button>
      {!announcer && (
        <span role="status" className="ml-2 text-xs text-emerald-800">
          {ownMessage}
        </span>
      )}
      <ConfirmDialog
        open={open}
        title={`Unblock ${uid}?`}
        confirmLabel="Confirm unblock"
        pendingLabel="Unblocking…"
        pending={unblock.pending}
        onConfirm={confirmUnblock}
        onClose={() => setOpen(false)}
        failure={unblock.failure ?? (refusal ? { message: refusal } : null)}
      >
        <p>
          {blocker} will unblock {name || uid}.
        </p>
      </ConfirmDialog>
    </>
  );
}
