"use client";

import { Suspense, useState, type ReactNode } from "react";

/**
 * Renders its children from the first time `when` is true, and keeps them from then on: a dialog
 * made with React's `lazy` reaches the browser when first asked for, not with the page, and stays
 * mounted afterwards, so that closing it hands the focus back as a dialog's close does. (React's
 * `lazy`, not `next/dynamic`: the latter adds ~2.8 KiB gzip of its own to every page that uses it.)
 */
export function MountOnceAsked({ when, children }: { when: boolean; children: ReactNode }) {
  const [asked, setAsked] = useState(when);
  if (when && !asked) setAsked(true);
  return asked ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * A dialog's state for a button that opens it afresh each time: `key` changes at every opening, so
 * that a dialog rendered under it (inside `MountOnceAsked`) is made again, with no earlier failure or choice.
 */
export function useFreshDialog() {
  const [state, setState] = useState({ open: false, key: 0 });
  return {
    open: state.open,
    key: state.key,
    show: () => setState(({ key }) => ({ open: true, key: key + 1 })),
    close: () => setState(({ key }) => ({ open: false, key })),
  };
}
