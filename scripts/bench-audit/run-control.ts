import { TIMEOUT_MINUTES } from "./options";

/** Clean-up, also on time-out and Ctrl-C, and the run's time limit. */

export const cleanups = new Set<() => Promise<void>>();

export async function runCleanups(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    await cleanup().catch((error: unknown) => console.error("Clean-up failed:", error));
  }
}

function stopNow(message: string, code: number) {
  console.error(message);
  // Dropping the database ends its connections, whose errors no longer matter.
  process.on("uncaughtException", () => undefined);
  process.on("unhandledRejection", () => undefined);
  // A query may be stuck: the database is dropped with FORCE and the folder removed without closing it.
  const limit = new Promise((resolve) => setTimeout(resolve, 30_000).unref());
  void Promise.race([runCleanups(), limit]).finally(() => process.exit(code));
}

/** Stops the run, cleaning up, once it has taken longer than allowed or is interrupted. */
export function startWatchdog(): NodeJS.Timeout {
  const watchdog = setTimeout(
    () => stopNow(`Stopped: the run took longer than BENCH_TIMEOUT_MINUTES (${TIMEOUT_MINUTES} min).`, 1),
    TIMEOUT_MINUTES * 60_000,
  );
  watchdog.unref();
  process.once("SIGINT", () => stopNow("Interrupted.", 130));
  process.once("SIGTERM", () => stopNow("Terminated.", 143));
  return watchdog;
}

const DEADLINE = Date.now() + TIMEOUT_MINUTES * 60_000;
export function checkDeadline() {
  if (Date.now() > DEADLINE)
    throw new Error(`The run took longer than BENCH_TIMEOUT_MINUTES (${TIMEOUT_MINUTES} min).`);
}
