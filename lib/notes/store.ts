import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { userNotes } from "@/lib/db/schema";
import { RefusedError } from "@/lib/errors";
import { lockedNote } from "./queries";

/**
 * The changes to notes. An edit or a deletion reads the note locked, checks who may change it and
 * changes it in one transaction, so that what the log records as the text before is the text it replaced.
 */

/** Who asks for a change, and whether they may change any operator's note (an admin) or their own only. */
export type NoteEditor = { id: string; mayChangeAny: boolean };

/** What a change replaced: the log's "before", and whose note it was. */
export type NoteChange = {
  noteId: string;
  before: string;
  after: string | null;
  author: { id: string; email: string };
};

const GONE = "This note is no longer there: another operator deleted it. The notes shown now are the ones that remain.";

export async function insertNote(db: Database, note: { uid: string; text: string; authorId: string }) {
  const [row] = await db.insert(userNotes).values(note).returning({ id: userNotes.id, createdAt: userNotes.createdAt });
  if (!row) throw new Error("The note's insert returned no row");
  return row;
}

async function changed(
  db: Database,
  target: { uid: string; noteId: string },
  editor: NoteEditor,
  verb: "edit" | "delete",
  change: (tx: Database) => Promise<void>,
  after: string | null,
): Promise<NoteChange> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const note = await lockedNote(tx, target.uid, target.noteId);
    if (!note) throw new RefusedError(GONE);
    if (note.authorId !== editor.id && !editor.mayChangeAny)
      throw new RefusedError(`Only its author (${note.authorEmail}) or an admin may ${verb} this note.`);
    if (after === note.text) throw new RefusedError("The note already says this: nothing was changed.");
    await change(tx);
    return { noteId: note.id, before: note.text, after, author: { id: note.authorId, email: note.authorEmail } };
  });
}

export function editNote(
  db: Database,
  target: { uid: string; noteId: string; text: string },
  editor: NoteEditor,
): Promise<NoteChange> {
  const change = async (tx: Database) => {
    await tx
      .update(userNotes)
      .set({ text: target.text, editedAt: new Date(), editedById: editor.id })
      .where(eq(userNotes.id, target.noteId));
  };
  return changed(db, target, editor, "edit", change, target.text);
}

export function deleteNote(db: Database, target: { uid: string; noteId: string }, editor: NoteEditor) {
  const change = async (tx: Database) => {
    await tx.delete(userNotes).where(eq(userNotes.id, target.noteId));
  };
  return changed(db, target, editor, "delete", change, null);
}
