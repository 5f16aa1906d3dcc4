import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { JobProgress } from "@/lib/incidents/jobs";
import { jobProgressRead } from "@/lib/reads/urls";
import { useLiveRead } from "@/lib/reads/use-live-read";
import { isActive } from "./job-labels";
import { rateLimitWait } from "./rate-limit-wait";

const POLL_MS = 1000;
/** How often a running job's results (server components) are read again while UIDs get done. */
const RESULTS_EVERY_MS = 2000;

/** Answers after which asking again cannot help: the session ended, the role changed, the job is gone. */
const FINAL_CODES = new Set(["SIGNED_OUT", "FORBIDDEN", "NOT_FOUND", "INVALID_INPUT"]);

const UNANSWERED = "The console's server did not answer; the progress shown may be out of date. Trying again.";

type Snapshot = { progress: JobProgress; waitingUntil: Date | null };

/**
 * The job's progress, read from its GET route every second while it can still change (a GET, not a
 * server action, so that a control pressed meanwhile never waits behind it). While UIDs get done, the page's server components (the results table, at its filter and page) are read again every two seconds;
 * once its status changes (approved, ended), once more, so that what they show is current.
 */
export function useJobProgress(initial: JobProgress, initialWaitingUntil: Date | null) {
  const router = useRouter();
  const jobId = initial.job.id;
  const [snapshot, setSnapshot] = useState<Snapshot>({ progress: initial, waitingUntil: initialWaitingUntil });
  const [pollError, setPollError] = useState<{ message: string; final: boolean } | null>(null);
  const status = snapshot.progress.job.status;
  // A request waiting for approval changes too: another operator's decision starts or ends it.
  const active = (isActive(status) || status === "awaiting_approval") && !pollError?.final;
  const read = jobProgressRead(jobId);
  const refresh = useLiveRead<JobProgress>(read.url, {
    everyMs: POLL_MS,
    active,
    dates: read.dates,
    unanswered: UNANSWERED,
    onAnswer: (answer) => {
      if (answer.ok) {
        setSnapshot({ progress: answer.data, waitingUntil: rateLimitWait(answer.data.job) });
        setPollError(null);
      } else {
        setPollError({ message: answer.message, final: FINAL_CODES.has(answer.code ?? "") });
      }
    },
  });

  const done = snapshot.progress.done;
  const shown = useRef({ done, at: 0 });
  useEffect(() => {
    if (done === shown.current.done || Date.now() - shown.current.at < RESULTS_EVERY_MS) return;
    shown.current = { done, at: Date.now() };
    router.refresh();
  }, [done, router]);

  // A new status (approved, ended…) changes what the page's server components show: read them again.
  const statusBefore = useRef(status);
  useEffect(() => {
    if (status !== statusBefore.current) router.refresh();
    statusBefore.current = status;
  }, [status, router]);

  return { ...snapshot, pollError: pollError?.message ?? null, refresh };
}
