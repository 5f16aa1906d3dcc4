import { sql } from "drizzle-orm";
import { probeChatApi } from "@/lib/chat-api";
import type { ProbeResult } from "@/lib/chat-api/probe";
import { getDb } from "@/lib/db/client";
import { pendingMigrations } from "@/lib/db/migration-status";
import { jobRunnerHeartbeat } from "@/lib/incidents/runner";
import { isDraining } from "@/lib/lifecycle";
import { log } from "@/lib/log";

/** Each check's bound: a load balancer's probe typically gives up after 5 seconds. */
const CHECK_TIMEOUT_MS = 3_000;
/** The chat service is asked at most this often, however many probes arrive. */
const CHAT_PROBE_FRESH_MS = 5_000;
/** The runner goes through its jobs every half second when idle: this long without a round is a hang. */
const RUNNER_SILENCE_MS = 30_000;

type Check = { ok: boolean; latencyMs?: number; problem?: string } & Record<string, unknown>;

export type Readiness = {
  status: "ready" | "not ready";
  checks: { database: Check; chatService: Check; jobRunner: Check };
  /** What is wrong, one line each, naming the part: empty when ready. */
  problems: string[];
};

class CheckTimeout extends Error {}

function bounded<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function checkDatabase(): Promise<Check> {
  const started = performance.now();
  try {
    const pending = await bounded(
      (async () => {
        const db = await getDb();
        await db.execute(sql`select 1`);
        return pendingMigrations(db);
      })(),
    );
    const latencyMs = Math.round(performance.now() - started);
    if (pending > 0)
      return {
        ok: false,
        latencyMs,
        problem: `not migrated (${pending} migration${pending === 1 ? "" : "s"} to apply)`,
      };
    return { ok: true, latencyMs };
  } catch (err) {
    if (err instanceof CheckTimeout) return { ok: false, problem: `no answer within ${CHECK_TIMEOUT_MS} ms` };
    // The cause (addresses, user names) goes to the server's log, not to an unauthenticated answer.
    log().warn({ err, component: "readiness" }, "the database check failed");
    return { ok: false, problem: "not reachable" };
  }
}

const chatProbe = globalThis as typeof globalThis & {
  __chatProbe?: { at: number; result: Promise<ProbeResult & { checkedAt: string }> };
};

async function checkChatService(): Promise<Check> {
  const cached = chatProbe.__chatProbe;
  if (!cached || Date.now() - cached.at > CHAT_PROBE_FRESH_MS) {
    const checkedAt = new Date().toISOString();
    chatProbe.__chatProbe = {
      at: Date.now(),
      result: probeChatApi(CHECK_TIMEOUT_MS).then((result) => ({ ...result, checkedAt })),
    };
  }
  const result = await chatProbe.__chatProbe!.result;
  return result.reachable
    ? { ok: true, latencyMs: result.latencyMs, checkedAt: result.checkedAt }
    : { ok: false, latencyMs: result.latencyMs, checkedAt: result.checkedAt, problem: result.problem };
}

function checkJobRunner(): Check {
  const beat = jobRunnerHeartbeat();
  if (!beat) return { ok: false, problem: "not started" };
  if (beat.stopped) return { ok: false, problem: "stopped" };
  if (beat.sinceMs > RUNNER_SILENCE_MS)
    return { ok: false, lastBeatMsAgo: beat.sinceMs, problem: `no round for ${Math.round(beat.sinceMs / 1000)} s` };
  return { ok: true, lastBeatMsAgo: beat.sinceMs };
}

const NAMES = { database: "database", chatService: "chat service", jobRunner: "job runner" } as const;

const last = globalThis as typeof globalThis & { __lastReadiness?: string };

/** Whether this process should be sent traffic: its database, the chat service and its job runner. */
export async function readiness(): Promise<Readiness> {
  const [database, chatService] = await Promise.all([checkDatabase(), checkChatService()]);
  const checks = { database, chatService, jobRunner: checkJobRunner() };
  const problems = [
    ...(isDraining() ? ["shutting down"] : []),
    ...Object.entries(checks).flatMap(([name, check]) =>
      check.ok ? [] : [`${NAMES[name as keyof typeof NAMES]}: ${check.problem}`],
    ),
  ];
  const status = problems.length === 0 ? "ready" : "not ready";
  // A line when readiness changes, not one a probe.
  const summary = `${status}:${problems.join(";")}`;
  if (last.__lastReadiness !== summary) {
    last.__lastReadiness = summary;
    if (status === "ready") log().info({ component: "readiness" }, "ready");
    else log().warn({ component: "readiness", problems }, "not ready");
  }
  return { status, checks, problems };
}
