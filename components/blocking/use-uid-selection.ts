import { useDeferredValue, useMemo } from "react";
import { parseUidList } from "@/lib/blocking/uid-list";

/**
 * The UIDs of a pasted list that are to be blocked: the valid ones, minus those the moderator
 * unchecked. Unchecked UIDs are kept by UID (in the form, beside the text), so a choice survives
 * edits of the text around it.
 */
export function useUidSelection(
  text: string,
  blocker: string,
  uncheckedList: readonly string[],
  setUncheckedList: (next: string[]) => void,
) {
  const unchecked = useMemo(() => new Set(uncheckedList), [uncheckedList]);
  // A long paste re-renders the checklist; the text field stays responsive while it catches up.
  const deferredText = useDeferredValue(text);
  const parsed = useMemo(() => parseUidList(deferredText, blocker), [deferredText, blocker]);
  const selected = useMemo(() => parsed.valid.filter((uid) => !unchecked.has(uid)), [parsed, unchecked]);

  function setChecked(uids: readonly string[], checked: boolean) {
    const next = new Set(unchecked);
    for (const uid of uids) {
      if (checked) next.delete(uid);
      else next.add(uid);
    }
    setUncheckedList([...next]);
  }

  return {
    parsed,
    selected,
    isChecked: (uid: string) => !unchecked.has(uid),
    toggle: (uid: string, checked: boolean) => setChecked([uid], checked),
    checkAll: (checked: boolean) => setChecked(parsed.valid, checked),
  };
}

/** What the selection sends for `text` as it is now, not as the deferred checklist last showed it. */
export function selectedUids(text: string, blocker: string, unchecked: readonly string[]): string[] {
  const left = new Set(unchecked);
  return parseUidList(text, blocker).valid.filter((uid) => !left.has(uid));
}
