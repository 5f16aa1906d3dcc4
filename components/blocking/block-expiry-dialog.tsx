"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { BlockForField } from "@/components/ui/block-for-field";
import { ConfirmDialogBody } from "@/components/ui/confirm-dialog-body";
import { changeBlockExpiryAction } from "@/lib/timed-blocks/actions/change-block-expiry";
import { useServerAction } from "@/lib/actions/use-server-action";
import type { BlockFor } from "@/lib/blocking/block-for";

const UNANSWERED =
  "The console could not reach its server, so it does not know whether the expiry changed. Read the list again before retrying.";

type BlockExpiryDialogProps = { blocker: string; uid: string; open: boolean; onClose: () => void };

/** "When should … end?": a new expiry for `blocker`'s block of `uid`, from now, or until unblocked. */
export function BlockExpiryDialog({ blocker, uid, open, onClose }: BlockExpiryDialogProps) {
  const router = useRouter();
  const fieldId = useId();
  const [blockFor, setBlockFor] = useState<BlockFor>("forever");
  const change = useServerAction(changeBlockExpiryAction, { unanswered: UNANSWERED });
  return (
    <ConfirmDialogBody
      open={open}
      title={`When should ${blocker}'s block of ${uid} end?`}
      confirmLabel="Save expiry"
      pendingLabel="Saving…"
      pending={change.pending}
      onConfirm={() =>
        void change.run({ blocker, uid, blockFor }, (answer) => {
          if (!answer.ok) return;
          onClose();
          router.refresh();
        })
      }
      onClose={onClose}
      failure={change.failure}
    >
      <BlockForField id={fieldId} label="Block for, from now" value={blockFor} onChange={setBlockFor} />
    </ConfirmDialogBody>
  );
}
