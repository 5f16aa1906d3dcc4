"use client";

import { useCallback, useEffect, useRef } from "react";
import type { ActionResult } from "@/lib/actions/result";
import { readJson } from "./read-json";

type LiveReadOptions<T> = {
  /** How long after one answer the next read is made. */
  everyMs: number;
  /** Reads are made only while true (the first one interval after it becomes true). */
  active?: boolean;
  dates?: readonly string[];
  unanswered?: string;
  onAnswer: (answer: ActionResult<T>) => void;
};

/**
 * Reads a GET route again and again while `active`: the next read is timed from the end of the last,
 * so that a slow server never gets two at once, and stops when unmounted. The first read comes one
 * interval after mounting, the page having just been rendered with fresh data. `refresh()` reads at
 * once (after a control changed something); an answer older than one already shown is dropped.
 */
export function useLiveRead<T>(url: string, options: LiveReadOptions<T>): () => Promise<void> {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const asked = useRef(0);
  const applied = useRef(0);

  const refresh = useCallback(async () => {
    const request = (asked.current += 1);
    const { dates, unanswered } = latest.current;
    const answer = await readJson<T>(url, { dates, unanswered });
    if (request < applied.current) return;
    applied.current = request;
    latest.current.onAnswer(answer);
  }, [url]);

  const { everyMs, active = true } = options;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      await refresh();
      if (!stopped) timer = setTimeout(() => void tick(), everyMs);
    };
    timer = setTimeout(() => void tick(), everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, everyMs, refresh]);

  return refresh;
}
