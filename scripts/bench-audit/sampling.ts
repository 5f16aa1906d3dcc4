import v8 from "node:v8";
import vm from "node:vm";
import { MB } from "./options";

/** gc() without --expose-gc, so that memory figures do not depend on when V8 last collected. */
export const collectGarbage: (() => void) | undefined = (() => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    v8.setFlagsFromString("--expose-gc");
    return vm.runInNewContext("gc") as () => void;
  } catch {
    return undefined;
  }
})();

export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * Samples the resident set size and heap every 50 ms until stopped, and the longest wait between
 * two samples: how long the event loop was held up, and with it every other request of a console.
 * `sample` can also be called from within a loop that does not yield.
 */
export function memorySampler() {
  collectGarbage?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let lastTick = performance.now();
  let longestStall = 0;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const tick = () => {
    const now = performance.now();
    longestStall = Math.max(longestStall, now - lastTick);
    lastTick = now;
    sample();
  };
  const timer = setInterval(tick, 50);
  return {
    sample,
    stop: () => {
      clearInterval(timer);
      tick();
      return {
        rssBeforeMb: before.rss / MB,
        heapBeforeMb: before.heapUsed / MB,
        peakRssMb: peakRss / MB,
        peakHeapMb: peakHeap / MB,
        longestStallMs: longestStall,
      };
    },
  };
}

/** Lets timers and signals in (the watchdog, Ctrl-C) between the steps of a long loop. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
