"use server";

import { defineAction } from "@/lib/actions/define-action";
import { getDb } from "@/lib/db/client";
import { can } from "@/lib/roles";
import { editNoteSchema } from "@/lib/notes/schemas";
import { editNote } from "@/lib/notes/store";
import { revalidateNotesOn } from "@/lib/notes/revalidate";
import { noteChangeCompletion } from "@/lib/notes/change-completion";

/** "Edit": its author, or an admin, rewrites a note; the log keeps the text it replaced. */
export const editNoteAction = defineAction({
  name: "user.note.edit",
  permission: "notes.write",
  describe: "write notes on a user",
  input: editNoteSchema,
  audit: ({ uid, noteId, text }) => ({ affectedUids: [uid], targetUid: uid, requestBody: { noteId, text } }),
  run: async ({ uid, noteId, text }, { operator }) => {
    const change = await editNote(
      await getDb(),
      { uid, noteId, text },
      { id: operator.id, mayChangeAny: can(operator.role, "notes.manage") },
    );
    revalidateNotesOn(uid);
    return change;
  },
  completion: noteChangeCompletion,
});
