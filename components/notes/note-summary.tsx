import { AppLink } from "@/components/ui/app-link";
import { MessageText } from "@/components/ui/message-text";
import { Time } from "@/components/ui/time";
import { userHref } from "@/components/ui/uid";
import { countOf } from "@/lib/format/numbers";
import type { Note } from "@/lib/notes/queries";

/** How much of the newest note a summary quotes; the whole note is on the workspace. */
const QUOTED = 300;

/** Where a decision on a person is taken: how many notes they have, and the newest, with its author and time. */
export function NoteSummary({ uid, count, newest }: { uid: string; count: number; newest: Note | null }) {
  if (count === 0 || !newest) return <span className="text-slate-600">No notes</span>;
  const characters = [...newest.text];
  const quoted = characters.length > QUOTED ? `${characters.slice(0, QUOTED).join("")}…` : newest.text;
  return (
    <div className="space-y-1">
      <AppLink href={`${userHref(uid)}#notes`} className="font-medium text-brand-700 underline underline-offset-2">
        {countOf(count, "note", "notes")}
      </AppLink>
      <figure className="rounded-md border-l-4 border-sky-300 bg-sky-50 px-3 py-2">
        <figcaption className="text-xs text-slate-700">
          Newest, by {newest.author.name}, <Time at={newest.createdAt} />
          {newest.edited && " (edited)"}
        </figcaption>
        <blockquote className="mt-1 text-slate-900">
          <MessageText text={quoted} />
        </blockquote>
      </figure>
    </div>
  );
}
