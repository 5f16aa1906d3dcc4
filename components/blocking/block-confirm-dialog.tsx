"use client";

import { useId, useState } from "react";
import { BlockForField } from "@/components/ui/block-for-field";
import { ConfirmDialogBody } from "@/components/ui/confirm-dialog-body";
import { blockUsersAction } from "@/lib/blocking/actions/block-users";
import type { BlockAnswer } from "@/lib/blocking/block-answer";
import { useServerAction } from "@/lib/actions/use-server-action";
import { countOf } from "@/lib/format/numbers";
import type { BlockFor } from "@/lib/blocking/block-for";

/** How many UIDs the confirmation names before it says "and N more". */
const NAMED_IN_CONFIRMATION = 10;

const UNANSWERED =
  "The console could not reach its server, so it does not know whether the block was sent. Check the action log before trying again.";

const FIELD_LABELS = { blocker: "Blocker", uids: "UIDs", reason: "Reason", blockFor: "Block for" };

export type BlockRequest = { blocker: string; uids: string[]; reason?: string };

function namedList(uids: string[]) {
  const named = uids.slice(0, NAMED_IN_CONFIRMATION).join(", ");
  const rest = uids.length - NAMED_IN_CONFIRMATION;
  return rest > 0 ? `${named} and ${rest} more` : named;
}

const users = (count: number) => countOf(count, "user", "users");

type BlockConfirmDialogProps = {
  request: BlockRequest | null;
  onClose: () => void;
  /** Called with the service's answer once the block was sent; the dialog is then closed by the caller. */
  onBlocked: (answer: BlockAnswer, request: BlockRequest) => void;
};

/** "Block 3 users?": names the blocker and the UIDs, sends the block once confirmed, keeps a failure on screen. */
export function BlockConfirmDialog({ request, onClose, onBlocked }: BlockConfirmDialogProps) {
  const block = useServerAction(blockUsersAction, { unanswered: UNANSWERED });
  const blockForId = useId();
  const [blockFor, setBlockFor] = useState<BlockFor>("forever");

  function confirm() {
    if (!request) return;
    void block.run({ ...request, blockFor }, (answer) => {
      if (answer.ok) onBlocked(answer.data, request);
    });
  }

  return (
    <ConfirmDialogBody
      open={request !== null}
      title={request ? `Block ${users(request.uids.length)}?` : "Block users?"}
      confirmLabel="Confirm block"
      pendingLabel="Blocking…"
      pending={block.pending}
      onConfirm={confirm}
      onClose={() => {
        block.reset();
        onClose();
      }}
      failure={block.failure}
      failureLabels={FIELD_LABELS}
    >
      {request && (
        <>
          <p>
            {request.blocker} will block {users(request.uids.length)}: {namedList(request.uids)}.
          </p>
          {request.reason?.trim() && <p className="mt-2">Reason: {request.reason.trim()}</p>}
          <div className="mt-3">
            <BlockForField id={blockForId} value={blockFor} onChange={setBlockFor} />
          </div>
        </>
      )}
    </ConfirmDialogBody>
  );
}
