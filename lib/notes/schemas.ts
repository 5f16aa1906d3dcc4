import { z } from "@/lib/validation/zod";
import { plainText } from "@/lib/validation/text";
import { uidSchema } from "@/lib/validation/uid";
import { formatCount } from "@/lib/format/numbers";

export const MAX_NOTE_LENGTH = 2000;

/** A note's length as a person counts it: an emoji is one character, not the two halves JavaScript counts. */
export const noteLength = (text: string) => [...text].length;

/** What an operator writes about a person: plain text, not empty, at most 2,000 characters. */
const noteTextSchema = z
  .string({ error: "Write the note." })
  .trim()
  .min(1, "Write the note: it cannot be empty.")
  .superRefine((text, context) => {
    const length = noteLength(text);
    if (length > MAX_NOTE_LENGTH)
      context.addIssue({
        code: "custom",
        message: `A note may have at most ${formatCount(MAX_NOTE_LENGTH)} characters; this one has ${formatCount(length)}.`,
      });
  })
  .superRefine(plainText("The note"));

const noteIdSchema = z.uuid("That note id is not valid.");

/** "Add note": the UID need not be one the chat service knows (a deleted account keeps its notes). */
export const addNoteSchema = z.object({ uid: uidSchema, text: noteTextSchema });

/** "Edit": the note and the UID it is on, so that the log files the request under that UID. */
export const editNoteSchema = z.object({ uid: uidSchema, noteId: noteIdSchema, text: noteTextSchema });

/** "Delete": the note and the UID it is on. */
export const deleteNoteSchema = z.object({ uid: uidSchema, noteId: noteIdSchema });

/** The note form's own fields, for the browser's check before sending. */
export const noteFormSchema = z.object({ text: noteTextSchema });
