import { startConsole, type DatabaseKind } from "../../tests/support/console-server";
import { readOver } from "../../tests/support/console-session";
import { CHUNK } from "../bench-incident/plain";
import { appTraffic } from "../bench-incident/realistic";
import { ADMIN, callAction, signIn } from "../bench-incident/session";

/**
 * The deactivation's part of `npm run bench:raid`, measured as bench:incident measures a block job: the
 * chat service in a process of its own at 150 ms and 1,200 requests a minute for the whole application,
 * whose own traffic takes 30% of that the whole time; 1,000 accounts deactivated with the jobs' share
 * at 0.5. Figures: the job's calls a minute against its share, and the 429s the application received.
 */
const LIMIT = 1200;
const LATENCY_MS = 150;
const JOB_SHARE = 0.5;
export const ACCOUNTS = 1000;

export type DeactivationFigures = {
  seconds: number;
  calls: number;
  allowedPerMinute: number;
  shareUsed: number;
  secondsAtLimit: number;
  deactivated: number;
  appRequests: number;
  app429s: number;
};

type Progress = {
  job: { status: string; changedCount: number; finishedAt: string | null };
  budget: { callsLastMinute: number; allowedPerMinute: number };
};

export async function deactivationRun(database: DatabaseKind): Promise<DeactivationFigures> {
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
      // One operator starts the 1,000-account job: two-person approval has its own tests.
      APPROVAL_THRESHOLD_UIDS: "0",
    },
  });
  try {
    const created = await fetch(`${service.chatBaseUrl}/embedded/users`, {
      method: "POST",
      headers: { apikey: service.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify({ prefix: "raid", count: ACCOUNTS }),
    });
    if (created.status !== 200) throw new Error(`Could not create the users: ${created.status}`);
    const session = await signIn(server);
    const app = appTraffic(service);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const started = Date.now();
    const { jobId } = await callAction<{ jobId: string }>(server, session, "startDeactivateAction", {
      kind: "deactivate",
      reason: "Benchmark",
      uids: Array.from({ length: ACCOUNTS }, (_, i) => `raid-${i}`),
    });
    let progress: Progress;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const { body } = await readOver<Progress>(server, session, `/api/incidents/${jobId}/progress`);
      if (!body.ok) throw new Error(`The job's progress could not be read: ${body.message}`);
      progress = body.data;
      if (progress.job.status === "completed") break;
    }
    await app.stop();
    const seconds = (Date.parse(progress.job.finishedAt!) - started) / 1000;
    const calls = progress.budget.callsLastMinute;
    const allowed = progress.budget.allowedPerMinute;
    return {
      seconds,
      calls,
      allowedPerMinute: allowed,
      shareUsed: calls / (seconds / 60) / allowed,
      secondsAtLimit: calls / (allowed / 60),
      deactivated: progress.job.changedCount,
      appRequests: app.counts.requests,
      app429s: app.counts.rateLimited,
    };
  } finally {
    await server.stop();
    await service.stop();
  }
}
