"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "./cn";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** A line under the title that says what the dialog acts on. */
  description?: ReactNode;
  size?: "md" | "lg";
  children: ReactNode;
};

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and restores focus
 * to the control that opened it.
 */
const Description = ({ id, children }: { id: string; children: ReactNode }) => (
  <p id={id} className="mt-1 text-sm text-slate-600">
    {children}
  </p>
);

export function Dialog({ open, onClose, title, description, size = "md", children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      className={cn(
        "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40",
        size === "lg" ? "max-w-2xl" : "max-w-lg",
      )}
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && <Description id={descriptionId}>{description}</Description>}
          <div className="mt-3 text-sm text-slate-700">{children}</div>
        </div>
      )}
    </dialog>
  );
}
