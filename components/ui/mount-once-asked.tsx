"use client";

import { useState, type ReactNode } from "react";

/**
 * Renders its children from the first time `when` is true, and keeps them from then on: a dialog
 * loaded with `next/dynamic` reaches the browser when first asked for, not with the page, and stays
 * mounted afterwards, so that closing it hands the focus back as a dialog's close does.
 */
export function MountOnceAsked({ when, children }: { when: boolean; children: ReactNode }) {
  const [asked, setAsked] = useState(when);
  if (when && !asked) setAsked(true);
  return asked ? children : null;
}
