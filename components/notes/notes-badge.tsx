import { AppLink } from "@/components/ui/app-link";
import { Badge } from "@/components/ui/badge";
import { countOf } from "@/lib/format/numbers";

/** The workspace header's count of notes, leading to them: a person with notes is one to read about first. */
export function NotesBadge({ count }: { count: number }) {
  return (
    <AppLink href="#notes" className="rounded-full" aria-label={`${countOf(count, "note", "notes")}: go to the notes`}>
      <Badge tone={count > 0 ? "info" : "neutral"}>{count > 0 ? countOf(count, "note", "notes") : "No notes"}</Badge>
    </AppLink>
  );
}
