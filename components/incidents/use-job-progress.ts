import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ActionResult } from "@/lib/actions/define-action";
import { jobProgressAction } from "@/lib/actions/incidents";
import type { JobProgress } from "@/lib/incidents/jobs";
import { isActive } from "./job-labels";
import { rateLimitWait } from "./rate-limit-wait";

const POLL_MS = 1000;

/** Answers after which asking again cannot help: the session ended, the role changed, the job is gone. */
const FINAL_CODES = new Set(["SIGNED_OUT", "FORBIDDEN", "REFUSED"]);

const UNANSWERED = "The console's server did not answer; the progress shown may be out of date. Trying again.";

type Snapshot = { progress: JobProgress; waitingUntil: Date | null };

/**
 * The job's progress, read every second while it can still change. Once it has ended, the server
 * components of the page are refreshed once, so that the results they show are final.
 */
export function useJobProgress(initial: JobProgress, initialWaitingUntil: Date | null) {
  const router = useRouter();
  const jobId = initial.job.id;
  const [snapshot, setSnapshot] = useState<Snapshot>({ progress: initial, waitingUntil: initialWaitingUntil });
  const [pollError, setPollError] = useState<{ message: string; final: boolean } | null>(null);
  const active = isActive(snapshot.progress.job.status) && !pollError?.final;
  // Answers can arrive out of order when a control asks between two ticks; an older one must not win.
  const asked = useRef(0);
  const applied = useRef(0);

  const refresh = useCallback(async () => {
    const request = (asked.current += 1);
    let answer: ActionResult<JobProgress>;
    try {
      answer = await jobProgressAction({ jobId });
    } catch {
      answer = { ok: false, message: UNANSWERED };
    }
    if (request < applied.current) return;
    applied.current = request;
    if (answer.ok) {
      setSnapshot({ progress: answer.data, waitingUntil: rateLimitWait(answer.data.job) });
      setPollError(null);
    } else {
      setPollError({ message: answer.message, final: FINAL_CODES.has(answer.code ?? "") });
    }
  }, [jobId]);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      await refresh();
      if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
    };
    timer = setTimeout(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, refresh]);

  const ended = !isActive(snapshot.progress.job.status);
  const endedBefore = useRef(ended);
  useEffect(() => {
    if (ended && !endedBefore.current) router.refresh();
    endedBefore.current = ended;
  }, [ended, router]);

  return { ...snapshot, pollError: pollError?.message ?? null, refresh };
}
