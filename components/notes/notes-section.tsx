import { AppLink } from "@/components/ui/app-link";
import { Announcer } from "@/components/ui/announcer";
import { Pagination } from "@/components/ui/pagination";
import { countOf } from "@/lib/format/numbers";
import type { NotesPage } from "@/lib/notes/queries";
import { NoteCard } from "./note-card";
import { NoteForm } from "./note-form";

type NotesSectionProps = {
  uid: string;
  notes: NotesPage;
  /** Who reads: their id, whether they write notes, and whether they may change anyone's (an admin). */
  viewer: { id: string; canWrite: boolean; canChangeAny: boolean };
  href: (page: number) => string;
};

/**
 * "Notes": what operators learned about this person, newest first, kept by the console whether or not the
 * chat service still knows the UID. Support, moderators and admins add notes; each changes their own, an
 * admin any; auditors read.
 */
export function NotesSection({ uid, notes, viewer, href }: NotesSectionProps) {
  const headingId = "notes-heading";
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id={headingId} tabIndex={-1} className="text-lg font-semibold text-slate-900">
          Notes
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {notes.total === 0 ? (
            "No notes on this user yet."
          ) : (
            <>
              {countOf(notes.total, "note", "notes")} on{" "}
              <span className="font-mono [overflow-wrap:anywhere]">{uid}</span>, newest first.
            </>
          )}{" "}
          {viewer.canWrite
            ? "Only operators see them; the action log records every note and change."
            : "Your role reads notes; support, moderators and admins write them."}
        </p>
      </div>
      <Announcer focusTargetId={headingId}>
        {viewer.canWrite && (
          <div className="mt-3">
            <NoteForm uid={uid} />
          </div>
        )}
        {notes.notes.length > 0 ? (
          <ol className="mt-4 space-y-3" aria-label={`Notes on ${uid}`}>
            {notes.notes.map((note) => (
              <li key={note.id}>
                <NoteCard
                  uid={uid}
                  note={note}
                  canChange={viewer.canWrite && (viewer.canChangeAny || note.author.id === viewer.id)}
                />
              </li>
            ))}
          </ol>
        ) : (
          notes.total > 0 && (
            <p className="mt-4 text-sm text-slate-700">
              No notes on this page.{" "}
              <AppLink href={href(1)} className="text-brand-700 underline underline-offset-2">
                Go to the first page
              </AppLink>
            </p>
          )
        )}
      </Announcer>
      <Pagination
        label="Notes pages"
        pages={{ current: notes.page, last: notes.pages, href }}
        previousLabel="Newer"
        nextLabel="Older"
        scroll={false}
      />
    </section>
  );
}
