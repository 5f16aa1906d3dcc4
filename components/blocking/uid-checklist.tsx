import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { MAX_UIDS_PER_BLOCK, type UidListEntry } from "@/lib/blocking/uid-list";
import type { useUidSelection } from "./use-uid-selection";

type UidChecklistProps = {
  blocker: string;
  selection: ReturnType<typeof useUidSelection>;
  /** Ids of texts that describe the list: the count and any error of the field it came from. */
  describedBy: string;
  selectionId: string;
};

/** The parsed list: each valid UID with a checkbox, then what was merged, left out or is not valid. */
export function UidChecklist({ blocker, selection, describedBy, selectionId }: UidChecklistProps) {
  const { parsed, selected } = selection;
  const duplicates = parsed.entries.filter((entry) => entry.status === "duplicate").length;
  const invalid = parsed.entries.filter(
    (entry): entry is Extract<UidListEntry, { status: "invalid" }> => entry.status === "invalid",
  );
  const selfIncluded = parsed.entries.some((entry) => entry.status === "self");

  return (
    <fieldset aria-describedby={describedBy} className="rounded-md border border-slate-200 px-4 pt-2 pb-4">
      <legend className="px-1 text-sm font-medium text-slate-800">UIDs that will be blocked</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={selectionId} className="text-sm text-slate-700">
          {selected.length} of {parsed.valid.length} selected
        </p>
        {parsed.valid.length > 1 && (
          <div className="flex gap-2">
            <Button variant="ghost" size="sm" onClick={() => selection.checkAll(true)}>
              Check all
            </Button>
            <Button variant="ghost" size="sm" onClick={() => selection.checkAll(false)}>
              Uncheck all
            </Button>
          </div>
        )}
      </div>

      {parsed.valid.length > 0 ? (
        <ul className="mt-2 grid max-h-72 grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-x-4 gap-y-1 overflow-y-auto p-1">
          {parsed.valid.map((uid) => (
            <li key={uid}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-brand-600"
                  checked={selection.isChecked(uid)}
                  onChange={(event) => selection.toggle(uid, event.target.checked)}
                />
                <span className="font-mono break-all">{uid}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">None of the entries can be blocked.</p>
      )}

      {selected.length > MAX_UIDS_PER_BLOCK && (
        <div className="mt-3">
          <Alert tone="warning">
            {selected.length} UIDs are selected; a block from here sends at most {MAX_UIDS_PER_BLOCK}. Uncheck some, or
            use incident mode for lists this long.
          </Alert>
        </div>
      )}
      {(duplicates > 0 || selfIncluded) && (
        <ul className="mt-3 space-y-1 text-sm">
          {duplicates > 0 && (
            <li className="text-slate-700">
              {duplicates} {duplicates === 1 ? "duplicate" : "duplicates"} merged.
            </li>
          )}
          {selfIncluded && (
            <li className="text-amber-900">
              {blocker} is the blocker and was left out: a user cannot block themselves.
            </li>
          )}
        </ul>
      )}
      {invalid.length > 0 && (
        <div className="mt-3">
          <p className="text-sm font-medium text-red-800">Not valid, left out ({invalid.length}):</p>
          <ul className="mt-1 space-y-1 text-sm text-red-800">
            {invalid.map((entry, index) => (
              <li key={`${index}-${entry.uid}`}>
                <span className="font-mono break-all">{entry.uid}</span> — {entry.problem}
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
