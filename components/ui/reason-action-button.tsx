"use client";

import { useRouter } from "next/navigation";
import { lazy, useState, type ReactNode } from "react";
import type { ActionResult } from "@/lib/actions/result";
import { useServerAction } from "@/lib/actions/use-server-action";
import { useAnnouncer } from "./announcer";
import { Button, type ButtonVariant } from "./button";
import { REASON_FIELD } from "./field";
import { MountOnceAsked } from "./mount-once-asked";
import type { ReasonField } from "./reason-dialog";

/** Loaded when first asked for, not with the page (MountOnceAsked). */
const ReasonDialog = lazy(() => import("./reason-dialog").then((module) => ({ default: module.ReasonDialog })));

const OPERATOR_REASON: ReasonField = {
  label: REASON_FIELD.label,
  hint: REASON_FIELD.hint,
  schema: () => import("@/lib/validation/reason").then((rules) => rules.reasonRequiredSchema),
};

type ReasonActionButtonProps<I, T> = {
  /** The button's words, and what a reader hears after them ("Kick" + " cometchat-uid-3"). */
  label: string;
  labelDetail?: string;
  variant?: ButtonVariant;
  title: string;
  confirmLabel: string;
  pendingLabel: string;
  tone?: "danger" | "primary";
  action: (input: I) => Promise<ActionResult<T>>;
  /** The action's input, with the reason given. */
  input: (reason: string) => I;
  /** What to announce when it is done. */
  done: (data: T) => string;
  /** What to say when the server did not answer: what to check before trying again. */
  unanswered: string;
  /** What happens, naming what it touches; controls of the confirmation besides the reason may go here. */
  children: ReactNode;
};

/**
 * A button for one action on one thing: it asks for confirmation and a reason (required, recorded in
 * the action log), runs the action, then reads the page again and says what happened. A failure stays
 * in the dialog, with the chat service's words.
 */
export function ReasonActionButton<I, T>({
  label,
  labelDetail,
  variant = "secondary",
  action,
  input,
  done,
  unanswered,
  children,
  ...dialog
}: ReasonActionButtonProps<I, T>) {
  const router = useRouter();
  const announcer = useAnnouncer();
  const [open, setOpen] = useState(false);
  const [ownMessage, setOwnMessage] = useState("");
  const call = useServerAction(action, { unanswered });

  function confirm(reason: string) {
    void call.run(input(reason), (answer) => {
      // When the answer never came, what the page shows may be stale either way: read it again.
      if (!answer.ok && answer.code === "OUTCOME_UNKNOWN") router.refresh();
      if (!answer.ok) return;
      setOpen(false);
      const message = done(answer.data);
      if (announcer) announcer(message);
      else setOwnMessage(message);
      router.refresh();
    });
  }

  return (
    <>
      <Button
        variant={variant}
        size="sm"
        onClick={() => {
          call.reset();
          setOpen(true);
        }}
      >
        {label}
        {labelDetail && <span className="sr-only"> {labelDetail}</span>}
      </Button>
      {!announcer && (
        <span role="status" className="ml-2 text-xs text-emerald-800">
          {ownMessage}
        </span>
      )}
      <MountOnceAsked when={open}>
        <ReasonDialog
          {...dialog}
          open={open}
          reason={OPERATOR_REASON}
          call={call}
          onConfirm={confirm}
          onClose={() => setOpen(false)}
        >
          {children}
        </ReasonDialog>
      </MountOnceAsked>
    </>
  );
}
