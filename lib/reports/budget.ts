import { latestRateLimit } from "@/lib/chat-api";
import type { Database } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { RESERVE_REST_MS } from "@/lib/incidents/pace";
import { rateLimitInUse, takeCallPlace } from "@/lib/incidents/rate-budget";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class StoppedWaiting extends Error {
  constructor() {
    super("Stopped waiting for the rate budget: the process is shutting down.");
  }
}

/**
 * Waits for a place in the budget incident jobs share (rate-budget.ts), and, like a job, rests while
 * the service's `X-RateLimit-Remaining` is under the reserve kept for the application's own users:
 * the index and large decisions are background work, and never take from the operators or the app.
 */
export async function awaitBudgetPlace(db: Database, stopping: () => boolean): Promise<void> {
  for (;;) {
    if (stopping()) throw new StoppedWaiting();
    const announced = latestRateLimit();
    const reserve = getEnv().incident.rateReserve * rateLimitInUse();
    if (announced?.remaining !== undefined && announced.remaining < reserve && Date.now() - announced.at < 60_000) {
      await sleep(RESERVE_REST_MS);
      continue;
    }
    const wait = await takeCallPlace(db);
    if (wait === undefined) return;
    await sleep(wait);
  }
}
