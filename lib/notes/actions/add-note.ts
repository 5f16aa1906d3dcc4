"use server";

import { defineAction } from "@/lib/actions/define-action";
import { getDb } from "@/lib/db/client";
import { addNoteSchema } from "@/lib/notes/schemas";
import { insertNote } from "@/lib/notes/store";
import { revalidateNotesOn } from "@/lib/notes/revalidate";

/** "Add note": a note on a UID, whether or not the chat service knows it; the log keeps its text. */
export const addNoteAction = defineAction({
  name: "user.note.add",
  permission: "notes.write",
  describe: "write notes on a user",
  input: addNoteSchema,
  audit: ({ uid, text }) => ({ affectedUids: [uid], targetUid: uid, requestBody: { text } }),
  run: async ({ uid, text }, { operator }) => {
    const note = await insertNote(await getDb(), { uid, text, authorId: operator.id });
    revalidateNotesOn(uid);
    return { noteId: note.id };
  },
  completion: ({ noteId }, { text }) => ({
    outcome: "succeeded",
    summary: { noteId, changeSet: { text: { old: null, new: text } } },
  }),
});
