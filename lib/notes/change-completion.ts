import type { AuditCompletion } from "@/lib/audit/operation";
import type { NoteChange } from "./store";

/** How the log records an edit or a deletion: whose note it was, and its text before and after (null once deleted). */
export const noteChangeCompletion = ({ noteId, author, before, after }: NoteChange): AuditCompletion => ({
  outcome: "succeeded",
  summary: { noteId, author, changeSet: { text: { old: before, new: after } } },
});
