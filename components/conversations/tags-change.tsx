import { tagChanges } from "@/lib/tags";

const list = (tags: readonly string[]) => (tags.length > 0 ? tags.join(", ") : "no tags");

/** "Before: sent, vip → After: vip, priority", then what is removed and added, in words. */
export function TagsChange({ before, after }: { before: readonly string[] | null; after: readonly string[] }) {
  const { added, removed } = before ? tagChanges(before, after) : { added: after, removed: [] };
  return (
    <div className="space-y-1 text-sm">
      <p>
        <span className="font-medium">Before:</span> {before ? list(before) : "not known"} <span aria-hidden>→</span>
        <span className="sr-only">, </span> <span className="font-medium">After:</span> {list(after)}
      </p>
      {removed.length > 0 && <p className="text-red-800">Removes: {removed.join(", ")}</p>}
      {before && added.length > 0 && <p className="text-emerald-800">Adds: {added.join(", ")}</p>}
    </div>
  );
}
