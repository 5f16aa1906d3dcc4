import type { AnnouncedRateLimit } from "@/lib/chat-api/rate-limit";

/**
 * How many calls this process's incident jobs keep in flight: one more after each answer at first
 * (doubling each round, so a job is soon at full speed; at full speed from the start when the
 * service has just announced room, `openingPace`), then one more a round once it has had to
 * back off; growing only while the shared budget has room, halving on a 429 or when the service's
 * `X-RateLimit-Remaining` falls under the reserve kept for the application's own users. Free of
 * clocks and I/O so that every path is tested on its own; the runner feeds it what it sees.
 */

export type PaceSettings = {
  /** `INCIDENT_CONCURRENCY`: never more in flight than this. */
  maxInFlight: number;
  /** Share of the limit `X-RateLimit-Remaining` must stay above. */
  reserve: number;
};

export type Pace = {
  inFlight: number;
  /** Successes counted toward the next step up. */
  credit: number;
  /** Until the first back-off, every answer adds one in flight. */
  slowStart: boolean;
  /** No new call before this time (ms): the service's budget is down to the reserve. */
  restUntil: number;
};

export type PaceSignal =
  | {
      kind: "answered";
      /** The limit in use: the service's announced one, else the configured hint. */
      limit: number;
      remaining: number | undefined;
      /** The call waited for room in the shared budget: the share is used, more in flight would not help. */
      waitedForBudget: boolean;
    }
  | { kind: "rate_limited" };

/** A pause long enough for other traffic to be served, short enough to notice a new window soon. */
export const RESERVE_REST_MS = 1000;

export const initialPace = (): Pace => ({ inFlight: 1, credit: 0, slowStart: true, restUntil: 0 });

const halved = (pace: Pace): number => Math.max(1, Math.floor(pace.inFlight / 2));

export function nextPace(pace: Pace, signal: PaceSignal, settings: PaceSettings, now: number): Pace {
  const max = Math.max(1, settings.maxInFlight);
  if (signal.kind === "rate_limited")
    return { inFlight: halved(pace), credit: 0, slowStart: false, restUntil: pace.restUntil };
  if (signal.remaining !== undefined && signal.remaining < settings.reserve * signal.limit)
    return { inFlight: halved(pace), credit: 0, slowStart: false, restUntil: now + RESERVE_REST_MS };
  const inFlight = Math.min(pace.inFlight, max);
  if (signal.waitedForBudget || inFlight >= max) return { ...pace, inFlight, credit: 0 };
  // After a back-off, one more in flight after a round of answers at the current level.
  const credit = pace.credit + (pace.slowStart ? 1 : 1 / inFlight);
  return credit >= 1 ? { ...pace, inFlight: inFlight + 1, credit: 0 } : { ...pace, inFlight, credit };
}

/** How long the service's announced budget is taken as its state now: its window, a minute. */
const ANNOUNCED_FRESH_MS = 60_000;

/**
 * Slow start probes a service the pace knows nothing of; it need not when the service has just said
 * it has room. Until the pace first backs off, the service's latest announcement (on any call of
 * this process: an operator's, or the reads a job makes before it starts), less than a minute old,
 * that leaves room above the reserve for every call the pace may send, opens it at
 * INCIDENT_CONCURRENCY. The shared budget still decides how many of them go.
 */
export function openingPace(
  pace: Pace,
  announced: AnnouncedRateLimit | undefined,
  settings: PaceSettings,
  now: number,
): Pace {
  const max = Math.max(1, settings.maxInFlight);
  if (!pace.slowStart || pace.inFlight >= max || !announced || announced.remaining === undefined) return pace;
  if (now - announced.at >= ANNOUNCED_FRESH_MS) return pace;
  if (announced.remaining - settings.reserve * announced.limit < max) return pace;
  return { ...pace, inFlight: max, credit: 0 };
}

/** Calls a new claim may add now, given how many this process has in flight. */
export function roomToSend(pace: Pace, active: number, now: number): number {
  if (now < pace.restUntil) return 0;
  return Math.max(0, pace.inFlight - active);
}

/** The jobs' share a minute of a limit, at least one call so that a tiny share still moves. */
export const allowedPerMinute = (limit: number, share: number): number => Math.max(1, Math.floor(limit * share));
