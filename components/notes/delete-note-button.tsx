"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAnnouncer } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { MessageText } from "@/components/ui/message-text";
import { Time } from "@/components/ui/time";
import { useServerAction } from "@/lib/actions/use-server-action";
import { deleteNoteAction } from "@/lib/notes/actions/delete-note";
import type { Note } from "@/lib/notes/queries";

const UNANSWERED =
  "The console's server did not answer, so it is not known whether the note was deleted. Reload the page to see the notes as they are.";

/** How much of the note the confirmation quotes: enough to tell it from the others. */
const QUOTED = 200;

/** "Delete", after a confirmation that names the note: its author, its time and its words. */
export function DeleteNoteButton({ uid, note }: { uid: string; note: Note }) {
  const router = useRouter();
  const announce = useAnnouncer();
  const [open, setOpen] = useState(false);
  const remove = useServerAction(deleteNoteAction, { unanswered: UNANSWERED });
  const quoted = [...note.text].length > QUOTED ? `${[...note.text].slice(0, QUOTED).join("")}…` : note.text;

  function confirm() {
    void remove.run({ uid, noteId: note.id }, (answer) => {
      if (!answer.ok) return;
      setOpen(false);
      announce?.(`Deleted the note by ${note.author.name}.`);
      router.refresh();
    });
  }

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        Delete<span className="sr-only"> the note by {note.author.name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete this note?"
        confirmLabel="Delete note"
        pendingLabel="Deleting…"
        pending={remove.pending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        failure={remove.failure}
      >
        <div className="space-y-2 text-sm">
          <p>
            The note by {note.author.name} on <span className="font-mono [overflow-wrap:anywhere]">{uid}</span>, written{" "}
            <Time at={note.createdAt} />, will be removed from the workspace. Its text stays in the action log.
          </p>
          <blockquote className="rounded-md border-l-4 border-slate-300 bg-slate-50 px-3 py-2">
            <MessageText text={quoted} />
          </blockquote>
        </div>
      </ConfirmDialog>
    </>
  );
}
