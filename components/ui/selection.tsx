"use client";

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { Column } from "./table";

type Selection = {
  selected: ReadonlySet<string>;
  /** What can be selected now: a choice whose row is gone after a refresh no longer counts. */
  available: readonly string[];
  setAvailable: (ids: readonly string[]) => void;
  toggle: (id: string, checked: boolean) => void;
  clear: () => void;
};

const SelectionContext = createContext<Selection | null>(null);

/**
 * A set of chosen ids shared by the parts of a page that do not own each other: the rows of a table
 * that offer checkboxes, and the action elsewhere that acts on what was checked.
 */
export function SelectionProvider({ children }: { children: ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [available, setAvailable] = useState<readonly string[]>([]);
  const value = useMemo<Selection>(
    () => ({
      selected,
      available,
      setAvailable,
      toggle: (id, checked) =>
        setSelected((current) => {
          const next = new Set(current);
          if (checked) next.add(id);
          else next.delete(id);
          return next;
        }),
      clear: () => setSelected(new Set()),
    }),
    [selected, available],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

/** The selection around this component, or null outside any. */
export function useSelection(): Selection | null {
  return useContext(SelectionContext);
}

/**
 * Offers the ids a table shows now to the selection around it (nothing outside one): only what the
 * page shows can be selected, so a row gone after a refresh is no longer chosen.
 */
export function useOffered(ids: readonly string[]): void {
  const setAvailable = useSelection()?.setAvailable;
  const key = ids.join("\n");
  useEffect(() => {
    setAvailable?.(key ? key.split("\n") : []);
  }, [key, setAvailable]);
}

/** The column of a table's checkboxes, when its rows can be selected. */
export const selectColumn = (selectable: boolean): Column[] => (selectable ? [{ label: "Select", srOnly: true }] : []);

/** The chosen ids that are still offered, in the order offered. */
export function chosenOf(selection: Selection): string[] {
  return selection.available.filter((id) => selection.selected.has(id));
}

/** A row's checkbox, named for what it selects ("Select kevin-price"). */
export function SelectCheckbox({ id, label }: { id: string; label: string }) {
  const selection = useSelection();
  if (!selection) return null;
  return (
    <input
      type="checkbox"
      aria-label={label}
      className="size-4 accent-brand-600"
      checked={selection.selected.has(id)}
      onChange={(event) => selection.toggle(id, event.target.checked)}
    />
  );
}
