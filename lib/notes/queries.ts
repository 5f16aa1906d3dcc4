import { and, count, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db/client";
import { operators, userNotes } from "@/lib/db/schema";

/**
 * Reads of the notes on a person, newest first, paged in SQL: for the workspace, and the counts and the
 * newest note wherever a decision on that person is taken (a report's sender, a search's senders).
 */

const NOTES_PER_PAGE = 20;

type Operator = { id: string; name: string; email: string };

export type Note = {
  id: string;
  uid: string;
  text: string;
  createdAt: Date;
  author: Operator;
  /** When and by whom it was last edited; null for a note as first written. */
  edited: { at: Date; by: Operator | null } | null;
};

const editor = alias(operators, "editor");

const noteColumns = {
  id: userNotes.id,
  uid: userNotes.uid,
  text: userNotes.text,
  createdAt: userNotes.createdAt,
  editedAt: userNotes.editedAt,
  author: { id: operators.id, name: operators.name, email: operators.email },
  editorId: editor.id,
  editorName: editor.name,
  editorEmail: editor.email,
};

type NoteRow = {
  id: string;
  uid: string;
  text: string;
  createdAt: Date;
  editedAt: Date | null;
  author: Operator;
  editorId: string | null;
  editorName: string | null;
  editorEmail: string | null;
};

function noteOf({ editedAt, editorId, editorName, editorEmail, ...row }: NoteRow): Note {
  const by = editorId && editorName && editorEmail ? { id: editorId, name: editorName, email: editorEmail } : null;
  return { ...row, edited: editedAt ? { at: editedAt, by } : null };
}

function notesOn(db: Database, uid: string) {
  return db
    .select(noteColumns)
    .from(userNotes)
    .innerJoin(operators, eq(operators.id, userNotes.authorId))
    .leftJoin(editor, eq(editor.id, userNotes.editedById))
    .where(eq(userNotes.uid, uid))
    .orderBy(desc(userNotes.createdAt), desc(userNotes.id));
}

async function noteCount(db: Database, uid: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(userNotes).where(eq(userNotes.uid, uid));
  return row?.total ?? 0;
}

export type NotesPage = { notes: Note[]; total: number; page: number; pages: number };

/** One page of the notes on `uid`, newest first; a page past the last reads the last. */
export async function notesPage(db: Database, uid: string, page: number): Promise<NotesPage> {
  const total = await noteCount(db, uid);
  const pages = Math.max(1, Math.ceil(total / NOTES_PER_PAGE));
  const shown = Math.min(page, pages);
  const rows =
    total === 0
      ? []
      : await notesOn(db, uid)
          .limit(NOTES_PER_PAGE)
          .offset((shown - 1) * NOTES_PER_PAGE);
  return { notes: rows.map(noteOf), total, page: shown, pages };
}

/** How many notes a person has and the newest of them: what a moderator deciding on them needs in sight. */
export async function noteSummary(db: Database, uid: string): Promise<{ count: number; newest: Note | null }> {
  const [total, [newest]] = await Promise.all([noteCount(db, uid), notesOn(db, uid).limit(1)]);
  return { count: total, newest: newest ? noteOf(newest) : null };
}

/** The number of notes on each of `uids` (a page of a table), in one statement; a UID without notes is absent. */
export async function noteCounts(db: Database, uids: string[]): Promise<Map<string, number>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ uid: userNotes.uid, total: count() })
    .from(userNotes)
    .where(inArray(userNotes.uid, uids))
    .groupBy(userNotes.uid);
  return new Map(rows.map((row) => [row.uid, row.total]));
}

/** One note on `uid`, with its author, locked for the change that follows (in a transaction). */
export async function lockedNote(db: Database, uid: string, noteId: string) {
  const [row] = await db
    .select({ id: userNotes.id, text: userNotes.text, authorId: userNotes.authorId, authorEmail: operators.email })
    .from(userNotes)
    .innerJoin(operators, eq(operators.id, userNotes.authorId))
    .where(and(eq(userNotes.id, noteId), eq(userNotes.uid, uid)))
    .for("update", { of: userNotes });
  return row;
}
