import * as z from "@/lib/validation/zod";
import { plainText } from "@/lib/validation/text";
import { uidSchema } from "@/lib/validation/uid";
import { formatCount } from "@/lib/format/numbers";
import { MAX_NOTE_LENGTH, noteLength } from "./limits";

/** What an operator writes about a person: plain text, not empty, at most 2,000 characters. */
const noteTextSchema = z.string({ error: "Write the note." }).check(
  z.trim(),
  z.minLength(1, "Write the note: it cannot be empty."),
  z.superRefine((text, context) => {
    const length = noteLength(text);
    if (length > MAX_NOTE_LENGTH)
      context.addIssue({
        code: "custom",
        message: `A note may have at most ${formatCount(MAX_NOTE_LENGTH)} characters; this one has ${formatCount(length)}.`,
      });
  }),
  z.superRefine(plainText("The note")),
);

const noteIdSchema = z.uuid("That note id is not valid.");

/** "Add note": the UID need not be one the chat service knows (a deleted account keeps its notes). */
export const addNoteSchema = z.object({ uid: uidSchema, text: noteTextSchema });

/** "Edit": the note and the UID it is on, so that the log files the request under that UID. */
export const editNoteSchema = z.object({ uid: uidSchema, noteId: noteIdSchema, text: noteTextSchema });

/** "Delete": the note and the UID it is on. */
export const deleteNoteSchema = z.object({ uid: uidSchema, noteId: noteIdSchema });

/** The note form's own fields, for the browser's check before sending. */
export const noteFormSchema = z.object({ text: noteTextSchema });
