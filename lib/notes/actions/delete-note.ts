"use server";

import { defineAction } from "@/lib/actions/define-action";
import { getDb } from "@/lib/db/client";
import { can } from "@/lib/roles";
import { deleteNoteSchema } from "@/lib/notes/schemas";
import { deleteNote } from "@/lib/notes/store";
import { revalidateNotesOn } from "@/lib/notes/revalidate";
import { noteChangeCompletion } from "@/lib/notes/change-completion";

/** "Delete": its author, or an admin, removes a note; its text stays in the log. */
export const deleteNoteAction = defineAction({
  name: "user.note.delete",
  permission: "notes.write",
  describe: "write notes on a user",
  input: deleteNoteSchema,
  audit: ({ uid, noteId }) => ({ affectedUids: [uid], targetUid: uid, requestBody: { noteId } }),
  run: async ({ uid, noteId }, { operator }) => {
    const change = await deleteNote(
      await getDb(),
      { uid, noteId },
      { id: operator.id, mayChangeAny: can(operator.role, "notes.manage") },
    );
    revalidateNotesOn(uid);
    return change;
  },
  completion: noteChangeCompletion,
});
