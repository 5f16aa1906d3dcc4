"use client";

import { useEffect, useRef, type ReactNode } from "react";
import type { ActionFailed } from "@/lib/actions/result";
import { ActionFailure, type FieldLabels } from "./action-failure";
import { Button } from "./button";
import { Dialog } from "./dialog";

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  confirmLabel: string;
  pendingLabel: string;
  dismissLabel?: string;
  /** The confirming button's look: red for what removes or blocks, blue for the rest. */
  tone?: "danger" | "primary";
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** What the last attempt answered, if it failed: shown under what happens. */
  failure?: Pick<ActionFailed, "message" | "fieldErrors"> | null;
  failureLabels?: FieldLabels;
  /** What happens: who does what to whom. */
  children: ReactNode;
};

/**
 * A confirmation that names what it touches; its safe choice has the focus, so Enter pressed by habit
 * changes nothing. Pages use `ConfirmDialog` (./confirm-dialog.tsx), which loads this when first opened;
 * a dialog that is itself loaded when asked for (./reason-dialog.tsx) uses this directly.
 */
export function ConfirmDialogBody({
  open,
  title,
  confirmLabel,
  pendingLabel,
  dismissLabel = "Cancel",
  tone = "danger",
  pending,
  onConfirm,
  onClose,
  failure,
  failureLabels,
  children,
}: ConfirmDialogProps) {
  const dismissRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) dismissRef.current?.focus();
  }, [open]);

  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {children}
      {failure && (
        <div className="mt-3">
          <ActionFailure failure={failure} labels={failureLabels} />
        </div>
      )}
      <div role="status" className="sr-only">
        {pending ? pendingLabel : ""}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button ref={dismissRef} variant="secondary" onClick={onClose}>
          {dismissLabel}
        </Button>
        <Button variant={tone} busy={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
