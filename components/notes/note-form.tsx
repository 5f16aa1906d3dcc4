"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { ActionFailure } from "@/components/ui/action-failure";
import { useAnnouncer } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/field";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { placeFieldErrors } from "@/lib/actions/field-errors";
import type { ActionResult } from "@/lib/actions/result";
import { useServerAction } from "@/lib/actions/use-server-action";
import { formatCount } from "@/lib/format/numbers";
import { addNoteAction } from "@/lib/notes/actions/add-note";
import { editNoteAction } from "@/lib/notes/actions/edit-note";
import { MAX_NOTE_LENGTH, noteLength } from "@/lib/notes/limits";

/** The action's schema, loaded as the form is first used (useSchemaForm). */
const loadNoteFormSchema = () => import("@/lib/notes/schemas").then((schemas) => schemas.noteFormSchema);

const UNANSWERED =
  "The console's server did not answer, so it is not known whether the note was saved. Reload the page to see the notes as they are before trying again.";

type NoteFormProps = {
  uid: string;
  /** The note being edited; without it, the form adds a note. */
  editing?: { id: string; text: string };
  /** After a save, or "Cancel" (editing only). */
  onClose?: () => void;
};

/** "Add note", or a note's "Edit": plain text up to 2,000 characters, checked here and again by the action. */
export function NoteForm({ uid, editing, onClose }: NoteFormProps) {
  const id = useId();
  const router = useRouter();
  const announce = useAnnouncer();
  const add = useServerAction(addNoteAction, { unanswered: UNANSWERED });
  const edit = useServerAction(editNoteAction, { unanswered: UNANSWERED });
  const call = editing ? edit : add;
  const [placed, setPlaced] = useState<string[]>([]);
  const form = useSchemaForm({ schema: loadNoteFormSchema, defaultValues: { text: editing?.text ?? "" } });
  const length = noteLength(form.values.text);

  const submit = form.handleSubmit(({ text }) => {
    if (editing && text === editing.text) {
      form.setError("text", { message: "The note already says this: change it, or cancel." });
      return;
    }
    setPlaced([]);
    const done = (answer: ActionResult<unknown>) => {
      if (!answer.ok) {
        setPlaced(placeFieldErrors(answer.fieldErrors, ["text"] as const, form.setError));
        return;
      }
      form.reset({ text: "" });
      announce?.(editing ? "Note saved." : "Note added.");
      onClose?.();
      router.refresh();
    };
    if (editing) void edit.run({ uid, noteId: editing.id, text }, done);
    else void add.run({ uid, text }, done);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <TextAreaField
        id={`${id}-text`}
        label={editing ? "Note" : "New note"}
        hint={
          <>
            Plain text: links are shown as text. {formatCount(length)} of {formatCount(MAX_NOTE_LENGTH)} characters.
            Every note, and each change to it, is recorded in the action log.
          </>
        }
        rows={editing ? 4 : 3}
        {...form.field("text")}
      />
      {call.failure && <ActionFailure failure={call.failure} shownFields={placed} labels={{ text: "Note" }} />}
      <div className="flex flex-wrap justify-end gap-3">
        {editing && (
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        )}
        <Button type="submit" busy={call.pending}>
          {editing ? (call.pending ? "Saving…" : "Save note") : call.pending ? "Adding…" : "Add note"}
        </Button>
      </div>
    </form>
  );
}
