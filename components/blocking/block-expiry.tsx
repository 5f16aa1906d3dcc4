"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { BlockForField } from "@/components/ui/block-for-field";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { changeBlockExpiryAction } from "@/lib/timed-blocks/actions/change-block-expiry";
import { useServerAction } from "@/lib/actions/use-server-action";
import type { BlockFor } from "@/lib/blocking/block-for";

const UNANSWERED =
  "The console could not reach its server, so it does not know whether the expiry changed. Read the list again before retrying.";

/** "expires in 6 h": whole days past two days, whole hours past an hour, else minutes. */
function expiresIn(at: Date, now: number): string {
  const minutes = Math.max(0, Math.round((at.getTime() - now) / 60_000));
  if (minutes >= 48 * 60) return `expires in ${Math.round(minutes / (24 * 60))} d`;
  if (minutes >= 60) return `expires in ${Math.round(minutes / 60)} h`;
  return minutes <= 1 ? "expires in a minute" : `expires in ${minutes} min`;
}

/** When a block ends, and a moderator's way to change that or make it last until unblocked. */
export function BlockExpiry({
  blocker,
  uid,
  expiresAt,
  canChange,
}: {
  blocker: string;
  uid: string;
  expiresAt: string | undefined;
  canChange: boolean;
}) {
  const router = useRouter();
  const fieldId = useId();
  const [open, setOpen] = useState(false);
  const [blockFor, setBlockFor] = useState<BlockFor>("forever");
  const change = useServerAction(changeBlockExpiryAction, { unanswered: UNANSWERED });
  // The time is read once the page renders, so the server's and the browser's text agree.
  const [now] = useState(() => Date.now());
  const at = expiresAt ? new Date(expiresAt) : undefined;

  return (
    <span className="flex flex-wrap items-center gap-2">
      <span title={at?.toISOString()}>{at ? expiresIn(at, now) : "until unblocked"}</span>
      {canChange && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            change.reset();
            setOpen(true);
          }}
        >
          Change expiry<span className="sr-only"> of {uid}</span>
        </Button>
      )}
      <ConfirmDialog
        open={open}
        title={`When should ${blocker}'s block of ${uid} end?`}
        confirmLabel="Save expiry"
        pendingLabel="Saving…"
        pending={change.pending}
        onConfirm={() =>
          void change.run({ blocker, uid, blockFor }, (answer) => {
            if (!answer.ok) return;
            setOpen(false);
            router.refresh();
          })
        }
        onClose={() => setOpen(false)}
        failure={change.failure}
      >
        <BlockForField id={fieldId} label="Block for, from now" value={blockFor} onChange={setBlockFor} />
      </ConfirmDialog>
    </span>
  );
}
