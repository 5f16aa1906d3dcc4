"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { unblockUsersAction } from "@/lib/actions/block-users";
import { OUTCOME_LABELS } from "@/lib/chat-api/block-outcomes";
import { useUnblockAnnouncer } from "./unblock-announcer";

const UNREACHABLE_MESSAGE =
  "The console could not reach its server, so it does not know whether the unblock was sent. Check the action log before trying again.";

type Failure = { message: string; details: string[] };

/** Unblocks one UID on behalf of `blocker`, after a confirmation. */
export function UnblockButton({ blocker, uid, name }: { blocker: string; uid: string; name?: string }) {
  const router = useRouter();
  const announcer = useUnblockAnnouncer();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [ownMessage, setOwnMessage] = useState("");
  const [pending, startTransition] = useTransition();
  const bodyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The safe choice gets the focus: Enter pressed by habit must not unblock anyone.
    if (open) bodyRef.current?.querySelector<HTMLElement>("[data-initial-focus]")?.focus();
  }, [open]);

  function openDialog() {
    setFailure(null);
    setOpen(true);
  }

  function confirmUnblock() {
    if (pending) return;
    setFailure(null);
    startTransition(async () => {
      let next: Failure | null;
      let done = `Unblocked ${uid}.`;
      try {
        const answer = await unblockUsersAction({ blocker, uids: [uid] });
        if (!answer.ok) {
          next = {
            message: answer.message,
            details: Object.entries(answer.fieldErrors ?? {}).flatMap(([key, messages]) =>
              messages.map((message) => `${key}: ${message}`),
            ),
          };
        } else {
          // The call can succeed while the service refuses this UID: say so rather than "Unblocked".
          const row = answer.data.rows.find((entry) => entry.uid === uid && !entry.unexpected);
          next =
            row && row.outcome !== "unblocked" && row.outcome !== "not_blocked"
              ? { message: `${OUTCOME_LABELS[row.outcome]}: ${row.message}`, details: [] }
              : null;
          if (row?.outcome === "not_blocked") done = `${uid} was no longer blocked.`;
        }
      } catch {
        next = { message: UNREACHABLE_MESSAGE, details: [] };
      }
      startTransition(() => {
        setFailure(next);
        if (next) return;
        setOpen(false);
        if (announcer) announcer(done);
        else setOwnMessage(done);
        router.refresh();
      });
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
      <Dialog open={open} onClose={() => setOpen(false)} title={`Unblock ${uid}?`}>
        <div ref={bodyRef}>
          <p>
            {blocker} will unblock {name || uid}.
          </p>
          {failure && (
            <div className="mt-3">
              <Alert tone="error">
                <p>{failure.message}</p>
                {failure.details.length > 0 && (
                  <ul className="mt-1 list-disc pl-5">
                    {failure.details.map((detail) => (
                      <li key={detail}>{detail}</li>
                    ))}
                  </ul>
                )}
              </Alert>
            </div>
          )}
          <div role="status">{pending && <p className="mt-2 font-medium text-slate-900">Unblocking {uid}…</p>}</div>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" data-initial-focus onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              aria-disabled={pending || undefined}
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-70"
              onClick={confirmUnblock}
            >
              {pending ? "Unblocking…" : "Confirm unblock"}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
