"use client";

import { useCallback, useRef, useState, useTransition } from "react";
import { callAction, type ActionFailed, type ActionResult } from "./result";

type Options = {
  /** What to say when the server did not answer: what the operator should check before trying again. */
  unanswered?: string;
};

/**
 * The one way a component calls a server action: `run(input)` resolves to the action's result,
 * `pending` is true while it runs, `failure` holds the last refusal or error (field errors included)
 * until the next run or `reset()`. A press while a call is running is ignored, not queued.
 */
export function useServerAction<I, T>(action: (input: I) => Promise<ActionResult<T>>, options: Options = {}) {
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<ActionResult<T> | null>(null);
  const running = useRef(false);
  const { unanswered } = options;

  const run = useCallback(
    (input: I, after?: (result: ActionResult<T>) => void | Promise<void>): Promise<ActionResult<T> | null> => {
      if (running.current) return Promise.resolve(null);
      running.current = true;
      setResult(null);
      return new Promise((resolve) => {
        startTransition(async () => {
          const answer = await callAction(action, input, unanswered);
          try {
            await after?.(answer);
          } finally {
            running.current = false;
            startTransition(() => setResult(answer));
            resolve(answer);
          }
        });
      });
    },
    [action, unanswered],
  );

  const reset = useCallback(() => setResult(null), []);
  const failure: ActionFailed | null = result && !result.ok ? result : null;

  return { run, pending, result, failure, reset };
}
