"use client";

import { useEffect, useId, useState, type ReactNode } from "react";
import type * as z from "@/lib/validation/zod";
import { ConfirmDialogBody } from "@/components/ui/confirm-dialog-body";
import { TextAreaField } from "@/components/ui/field";
import type { ActionFailed } from "@/lib/actions/result";

/** What the dialog asks for: the reason's words, the action's rule for it and the field that carries it. */
export type ReasonField = {
  label: string;
  hint: string;
  /**
   * The action's own rule for the reason (its noun's schemas.ts), checked before anything is sent: its
   * module, imported as the dialog opens, so that zod is not part of the page's first load.
   */
  schema: () => Promise<z.ZodMiniType<string, string>>;
  /** The action's field that carries the reason, for the errors it answers with ("reason" unless said). */
  field?: string;
};

type ReasonDialogProps = {
  open: boolean;
  title: string;
  confirmLabel: string;
  pendingLabel: string;
  tone?: "danger" | "primary";
  reason: ReasonField;
  /** The action's call (`useServerAction`): whether it is under way, and how it failed. */
  call: { pending: boolean; failure: ActionFailed | null };
  onConfirm: (reason: string) => void;
  onClose: () => void;
  children: ReactNode;
};

type ReasonTextAreaProps = {
  id: string;
  label: string;
  hint: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
};

/** An operator's reason: required, a few lines, its rule's error under it. */
export function ReasonTextArea({ onChange, ...field }: ReasonTextAreaProps) {
  return <TextAreaField required rows={3} {...field} onChange={(event) => onChange(event.target.value)} />;
}

/** A confirmation that asks why: the reason is recorded with the decision in the action log. */
export function ReasonDialog({
  reason: { label: reasonLabel, hint: reasonHint, schema: reasonSchema, field: reasonField = "reason" },
  call: { pending, failure },
  onConfirm,
  onClose,
  children,
  ...dialog
}: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const shownError = error ?? failure?.fieldErrors?.[reasonField]?.[0];

  useEffect(() => {
    if (dialog.open) void reasonSchema();
  }, [dialog.open, reasonSchema]);

  async function confirm() {
    const parsed = (await reasonSchema()).safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onConfirm(parsed.data);
  }

  function close() {
    setReason("");
    setError(undefined);
    onClose();
  }

  // The reason's own errors show under its field; the rest go with the message.
  const otherErrors = Object.fromEntries(
    Object.entries(failure?.fieldErrors ?? {}).filter(([key]) => key !== reasonField),
  );
  return (
    <ConfirmDialogBody
      {...dialog}
      pending={pending}
      onConfirm={() => void confirm()}
      onClose={close}
      failure={failure ? { message: failure.message, fieldErrors: otherErrors } : null}
    >
      <div className="space-y-3">
        {children}
        <ReasonTextArea
          id={`${id}-reason`}
          label={reasonLabel}
          hint={reasonHint}
          value={reason}
          error={shownError}
          onChange={setReason}
        />
      </div>
    </ConfirmDialogBody>
  );
}
