"use client";

import { useEffect, useRef } from "react";

/**
 * Runs `poll` every `everyMs` while `active` (the first run one interval after mounting, the page
 * having just been rendered with fresh data); the next run is timed from the end of the last, so
 * that a slow server never gets two at once. Stops when unmounted or no longer active.
 */
export function usePolling(poll: () => Promise<void>, everyMs: number, active = true): void {
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  });
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      await latest.current();
      if (!stopped) timer = setTimeout(() => void tick(), everyMs);
    };
    timer = setTimeout(() => void tick(), everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, everyMs]);
}
