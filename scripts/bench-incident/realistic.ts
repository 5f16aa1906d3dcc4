import { startConsole, type ConsoleServer, type DatabaseKind } from "../../tests/support/console-server";
import { printTable } from "../lib/table";
import { jobRun } from "./job";
import type { Session } from "./session";
import { CHUNK } from "./plain";
import { ADMIN, signIn } from "./session";

/**
 * A raid as it happens: the chat service answers in 150 ms and allows 1,200 requests a minute for
 * the whole application, whose own users send 30% of that the whole time; a moderator blocks 5,000
 * UIDs with the jobs' share at 0.5, while another operator looks users up.
 */
const LIMIT = 1200;
const LATENCY_MS = 150;
const APP_SHARE = 0.3;
const JOB_SHARE = 0.5;
/** The job a realistic run measures: how many accounts, and how to run it on `raid-0`… and follow it to its end. */
export type RealisticJob = {
  accounts: number;
  run: (
    server: ConsoleServer,
    session: Session,
    uids: string[],
  ) => Promise<{ seconds: number; changed: number; budget: { callsLastMinute: number; allowedPerMinute: number } }>;
};

/** Today's block job: 5,000 UIDs on behalf of one user. */
const BLOCK_JOB: RealisticJob = {
  accounts: 5000,
  run: async (server, session, uids) => {
    const job = await jobRun(server, session, "cometchat-uid-4", uids);
    return { seconds: job.seconds, changed: job.job.blockedCount, budget: job.budget };
  },
};
const LOOK_UP_EVERY_MS = 3000;

export type RealisticFigures = {
  jobSeconds: number;
  calls: number;
  allowedPerMinute: number;
  /** The job's calls a minute over its allowed share. */
  shareUsed: number;
  /** The calls at exactly the allowed rate would take this long. */
  secondsAtLimit: number;
  appRequests: number;
  app429s: number;
  lookUps: number;
  lookUpP95Ms: number;
};

/** The application's own traffic, straight to the service with the application's key: counts its 429s. */
function appTraffic(service: ConsoleServer) {
  const everyMs = 60_000 / (LIMIT * APP_SHARE);
  const counts = { requests: 0, rateLimited: 0 };
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const call = fetch(`${service.chatBaseUrl}/users/cometchat-uid-${1 + (counts.requests % 5)}`, {
      headers: { apikey: service.apiKey },
    })
      .then(async (response) => {
        counts.requests += 1;
        if (response.status === 429) counts.rateLimited += 1;
        await response.arrayBuffer();
      })
      .finally(() => pending.delete(call));
    pending.add(call);
  }, everyMs);
  return {
    counts,
    stop: async () => {
      clearInterval(timer);
      await Promise.allSettled([...pending]);
    },
  };
}

/** An operator opening users' workspaces through the console while the job runs: each page's full time. */
function lookUps(server: ConsoleServer, session: Session) {
  const times: number[] = [];
  let stopped = false;
  const loop = (async () => {
    for (let i = 0; !stopped; i += 1) {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/users/cometchat-uid-${1 + (i % 5)}`, {
        headers: { Cookie: session.cookie },
      });
      await response.text();
      if (response.status === 200) times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, LOOK_UP_EVERY_MS));
    }
  })();
  return {
    times,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

const p95 = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
};

export async function realisticRun(
  database: DatabaseKind,
  measured: RealisticJob = BLOCK_JOB,
): Promise<RealisticFigures> {
  const service = await startConsole({
    database,
    env: { CHAT_RATE_LIMIT_PER_MINUTE: String(LIMIT), CHAT_FAULT_LATENCY_MS: String(LATENCY_MS) },
  });
  const server = await startConsole({
    database,
    env: {
      CHAT_API_BASE_URL: service.chatBaseUrl,
      CHAT_API_KEY: service.apiKey,
      CONSOLE_ADMIN_EMAIL: ADMIN.email,
      CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      INCIDENT_CHUNK_SIZE: String(CHUNK),
      INCIDENT_RATE_SHARE: String(JOB_SHARE),
      // One operator starts the whole job: two-person approval has its own tests.
      APPROVAL_THRESHOLD_UIDS: "0",
    },
  });
  try {
    const created = await fetch(`${service.chatBaseUrl}/embedded/users`, {
      method: "POST",
      headers: { apikey: service.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify({ prefix: "raid", count: measured.accounts }),
    });
    if (created.status !== 200) throw new Error(`Could not create the users: ${created.status}`);
    const session = await signIn(server);
    const app = appTraffic(service);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const operator = lookUps(server, session);
    const uids = Array.from({ length: measured.accounts }, (_, i) => `raid-${i}`);
    const job = await measured.run(server, session, uids);
    await operator.stop();
    await app.stop();
    if (job.changed !== measured.accounts)
      throw new Error(`The job did not act on every UID: ${job.changed} of ${measured.accounts}`);
    const calls = job.budget.callsLastMinute;
    const allowed = job.budget.allowedPerMinute;
    return {
      jobSeconds: job.seconds,
      calls,
      allowedPerMinute: allowed,
      shareUsed: calls / (job.seconds / 60) / allowed,
      secondsAtLimit: calls / (allowed / 60),
      appRequests: app.counts.requests,
      app429s: app.counts.rateLimited,
      lookUps: operator.times.length,
      lookUpP95Ms: p95(operator.times),
    };
  } finally {
    await server.stop();
    await service.stop();
  }
}

const met = (ok: boolean) => (ok ? "met" : "missed");

/** The realistic run's figures beside their targets; `job` says what the job was. */
export function printRealistic(job: string, figures: RealisticFigures) {
  console.log(
    `\nRealistic run: the service at 150 ms and 1,200 requests a minute for the whole application, its own traffic at 30% of that, ${job}\n`,
  );
  printTable(
    ["figure", "value", "target"],
    [
      [
        "job's calls a minute, of its allowed share",
        `${((figures.calls / figures.jobSeconds) * 60).toFixed(0)} of ${figures.allowedPerMinute} (${(figures.shareUsed * 100).toFixed(1)}%)`,
        `95% or more: ${met(figures.shareUsed >= 0.95)}`,
      ],
      [
        "429s the application's traffic received",
        `${figures.app429s} of ${figures.appRequests} requests`,
        `0: ${met(figures.app429s === 0)}`,
      ],
      ["operators' look-up p95 during the job", `${figures.lookUpP95Ms.toFixed(0)} ms (${figures.lookUps} pages)`, ""],
      [
        "job time against the limit (calls ÷ allowed rate)",
        `${figures.jobSeconds.toFixed(1)} s against ${figures.secondsAtLimit.toFixed(1)} s (${figures.calls} calls)`,
        "",
      ],
    ],
  );
}
