"use client";

import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";

type Announce = (message: string) => void;

const AnnounceContext = createContext<Announce | null>(null);

/** The announcer around the nearest list, or null outside one. */
export function useAnnouncer(): Announce | null {
  return useContext(AnnounceContext);
}

/**
 * Holds what an action on a row said ("Unblocked <uid>.", "Kicked <uid>.") above its list. The row that
 * announced it may disappear when the list refreshes, so the message and the focus must live somewhere
 * that stays.
 */
export function Announcer({ focusTargetId, children }: { focusTargetId: string; children: ReactNode }) {
  const [message, setMessage] = useState("");
  const [announced, setAnnounced] = useState(0);

  const announce = useCallback<Announce>((next) => {
    setMessage(next);
    setAnnounced((count) => count + 1);
  }, []);

  useEffect(() => {
    // Runs after the dialog has closed and handed focus back to a button that is about to vanish.
    if (announced > 0) document.getElementById(focusTargetId)?.focus();
  }, [announced, focusTargetId]);

  return (
    <AnnounceContext.Provider value={announce}>
      {/* The region stays in the page while empty: readers miss text added to a region that just appeared. */}
      <div role="status">
        {message && (
          <p className="mt-3 rounded-md border border-emerald-300 bg-emerald-50 px-4 py-2 text-sm text-emerald-900">
            {message}
          </p>
        )}
      </div>
      {children}
    </AnnounceContext.Provider>
  );
}
