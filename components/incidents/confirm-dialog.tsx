"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

// aria-disabled rather than disabled keeps the pressed button focused while the call runs.
const BUSY = "aria-disabled:cursor-not-allowed aria-disabled:opacity-70";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  confirmLabel: string;
  pendingLabel: string;
  dismissLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** What happens, and any error of the last attempt. */
  children: ReactNode;
};

/** A confirmation whose safe choice has the focus: Enter pressed by habit changes nothing. */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  pendingLabel,
  dismissLabel = "Cancel",
  pending,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const dismissRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) dismissRef.current?.focus();
  }, [open]);

  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {children}
      <div className="mt-6 flex justify-end gap-3">
        <Button ref={dismissRef} variant="secondary" onClick={onClose}>
          {dismissLabel}
        </Button>
        <Button
          variant="danger"
          aria-disabled={pending || undefined}
          className={BUSY}
          onClick={() => {
            if (!pending) onConfirm();
          }}
        >
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
