"use client";

import { AppLink } from "@/components/ui/app-link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { MessageText } from "@/components/ui/message-text";
import { Time } from "@/components/ui/time";
import type { Note } from "@/lib/notes/queries";
import { auditHref } from "@/lib/url-state";
import { DeleteNoteButton } from "./delete-note-button";
import { NoteForm } from "./note-form";

/** An operator's name, linked to their entries in the action log (all of them for an auditor, one's own otherwise). */
function Operator({ operator }: { operator: { name: string; email: string } }) {
  return (
    <AppLink
      href={auditHref({ actor: operator.email })}
      title={`${operator.email}: their entries in the action log`}
      className="font-medium text-brand-700 underline-offset-2 [overflow-wrap:anywhere] hover:underline"
    >
      {operator.name}
    </AppLink>
  );
}

/** One note: who wrote it and when, whether it was edited, its text; "Edit" and "Delete" for who may. */
export function NoteCard({ uid, note, canChange }: { uid: string; note: Note; canChange: boolean }) {
  const [editing, setEditing] = useState(false);
  const headingId = `note-${note.id}`;
  return (
    <article aria-labelledby={headingId} className="space-y-2 rounded-md border border-slate-200 bg-white p-3 sm:p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <p id={headingId} className="text-slate-700">
          <Operator operator={note.author} /> <Time at={note.createdAt} />
          {note.edited && (
            <span className="text-slate-600">
              {" "}
              · edited <Time at={note.edited.at} />
              {note.edited.by && note.edited.by.id !== note.author.id && (
                <>
                  {" "}
                  by <Operator operator={note.edited.by} />
                </>
              )}
            </span>
          )}
        </p>
        {canChange && !editing && (
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Edit<span className="sr-only"> the note by {note.author.name}</span>
            </Button>
            <DeleteNoteButton uid={uid} note={note} />
          </div>
        )}
      </header>
      {editing ? (
        <NoteForm uid={uid} editing={{ id: note.id, text: note.text }} onClose={() => setEditing(false)} />
      ) : (
        <p className="text-sm text-slate-900">
          <MessageText text={note.text} />
        </p>
      )}
    </article>
  );
}
