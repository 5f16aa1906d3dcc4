import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { onShutdown, pause } from "@/lib/lifecycle";
import { log } from "@/lib/log";

/**
 * The one skeleton of the console's background work (the incident job runner, the expiry of timed
 * blocks and of requests for approval, the scheduled checkpoints), run in every console process:
 * started once a process, a tick now and then (never two at once: a wake during a tick runs one more
 * right after it), a lease holder's name for the rows it claims, and a stop that takes up nothing
 * new, lets the tick under way (and the work it started) finish until the deadline, then gives back
 * what the worker still holds.
 */

/** What a worker's tick and its release see: the state it made at start, and whether it is stopping. */
type WorkerContext<S> = {
  state: S;
  /** This process's name in the leases it takes: `host:pid:random`, one per worker. */
  owner: string;
  stopped: () => boolean;
};

type WorkerSpec<S> = {
  /** As the shutdown steps and the log name it: "incident job runner". */
  name: string;
  /** Between the end of one tick and the start of the next; 0 leaves the worker off (read at start). */
  everyMs: () => number;
  /** The first tick at start (the default), or one interval later. */
  firstTick?: "now" | "after interval";
  /** The process may exit while the worker waits (a timer that alone would not hold it up). */
  unref?: boolean;
  /** The worker's state, made at start: `owner` names its leases, `stopped` tells whether it is stopping. */
  init: (worker: { owner: string; stopped: () => boolean }) => S;
  tick: (context: WorkerContext<S>) => Promise<void>;
  /**
   * What stopping waits for until the deadline: the tick under way (the default), or nothing, for a
   * worker whose tick, cut off, is simply done again at a later one (a conditional UPDATE).
   */
  stopWaits?: "tick" | "nothing";
  /** Work the tick started that stopping waits for, besides the tick itself (chunks on their way). */
  underWay?: (state: S) => Array<Promise<unknown>>;
  /** At shutdown, once the worker stopped and its work ended or the deadline came: give back what it holds. */
  release?: (context: WorkerContext<S>, deadline: number) => Promise<void>;
};

type Running<S> = WorkerContext<S> & {
  ticking: boolean;
  again: boolean;
  halted: boolean;
  timer?: NodeJS.Timeout;
  /** When a tick last ended: the readiness check's sign that the worker is alive. */
  beatAt: number;
};

export type Worker<S> = {
  name: string;
  start: () => void;
  /** A tick now rather than at the next interval (a wake during a tick runs another after it). */
  wake: () => void;
  stop: (deadline: number) => Promise<void>;
  /** The running worker, if this process started it. */
  current: () => (WorkerContext<S> & { beatAt: number }) | undefined;
};

const holder = globalThis as typeof globalThis & { __moderatorConsoleWorkers?: Map<string, Running<unknown>> };
// One map on globalThis: Next's bundles and the server's own modules share the workers they start.
const workers = () => (holder.__moderatorConsoleWorkers ??= new Map());

export function defineWorker<S>(spec: WorkerSpec<S>): Worker<S> {
  const current = () => workers().get(spec.name) as Running<S> | undefined;

  function schedule(worker: Running<S>) {
    if (worker.halted) return;
    clearTimeout(worker.timer);
    worker.timer = setTimeout(() => void tick(worker), spec.everyMs());
    if (spec.unref) worker.timer.unref();
  }

  async function tick(worker: Running<S>): Promise<void> {
    if (worker.ticking) {
      worker.again = true;
      return;
    }
    worker.ticking = true;
    try {
      do {
        worker.again = false;
        if (worker.halted) return;
        await spec.tick(worker);
      } while (worker.again);
    } catch (err) {
      log().error({ err, worker: spec.name }, "a worker's tick failed");
    } finally {
      worker.ticking = false;
      worker.beatAt = Date.now();
      schedule(worker);
    }
  }

  return {
    name: spec.name,
    start() {
      if (current() || spec.everyMs() === 0) return;
      const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
      const stopped = () => worker.halted;
      const worker: Running<S> = {
        state: spec.init({ owner, stopped }),
        owner,
        stopped,
        ticking: false,
        again: false,
        halted: false,
        beatAt: Date.now(),
      };
      workers().set(spec.name, worker as Running<unknown>);
      if ((spec.firstTick ?? "now") === "now") void tick(worker);
      else schedule(worker);
    },
    wake() {
      const worker = current();
      if (worker && !worker.halted) void tick(worker);
    },
    async stop(deadline) {
      const worker = current();
      if (!worker) return;
      worker.halted = true;
      clearTimeout(worker.timer);
      if (spec.stopWaits === "nothing") return spec.release?.(worker, deadline);
      const underWay = () => [...(spec.underWay?.(worker.state) ?? [])];
      // A tick under way may still be claiming: the work it starts joins `underWay` when it ends.
      while ((worker.ticking || underWay().length > 0) && Date.now() < deadline)
        await Promise.race([Promise.allSettled(underWay()), pause(Math.min(50, deadline - Date.now()))]);
      await spec.release?.(worker, deadline);
    },
    current,
  };
}

/**
 * Starts the process's workers and registers each one's stop with the shutdown's "work" phase, under
 * its name: the one place lib/startup.ts lists them.
 */
export function startWorkers(...list: Array<Pick<Worker<never>, "name" | "start" | "stop">>): void {
  for (const worker of list) {
    worker.start();
    onShutdown("work", worker.name, worker.stop);
  }
}
