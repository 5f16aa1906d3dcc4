import { log } from "@/lib/log";

/**
 * A console process's shutdown, in two phases that its HTTP server (scripts/serve.ts) runs on
 * SIGTERM: "work" (the background runners stop taking work, let what is under way finish and give
 * back what they still hold) before the server stops taking requests, then "close" (the databases)
 * after it. The console's parts register their steps at start-up, inside Next's server bundle, which
 * scripts/serve.ts does not load (the embedded chat service registers from outside it): so the steps
 * live on globalThis, shared by both copies of this module.
 */

type Phase = "work" | "close";
type Step = { phase: Phase; name: string; run: (deadline: number) => Promise<void> };
type Lifecycle = { draining: boolean; steps: Step[] };

const holder = globalThis as typeof globalThis & { __moderatorConsoleLifecycle?: Lifecycle };
const state = (): Lifecycle => (holder.__moderatorConsoleLifecycle ??= { draining: false, steps: [] });

/** True once the process has begun to shut down: it reports not ready, and runners take nothing new. */
export const isDraining = (): boolean => state().draining;

export function beginDraining(): void {
  state().draining = true;
}

/** Registers what to do at shutdown; `run` gets the time (epoch ms) by which it should be done. */
export function onShutdown(phase: Phase, name: string, run: (deadline: number) => Promise<void>): void {
  state().steps.push({ phase, name, run });
}

/** Runs a phase's steps together; one that fails is logged and does not hold up the others. */
export async function runShutdownPhase(phase: Phase, deadline: number): Promise<void> {
  const steps = state().steps.filter((step) => step.phase === phase);
  await Promise.all(
    steps.map((step) =>
      step.run(deadline).catch((err: unknown) => log().error({ err, step: step.name }, "a shutdown step failed")),
    ),
  );
}

/** Resolves after `ms`, or at once for a time already past. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
