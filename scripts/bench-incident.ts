import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { serverActionId } from "../tests/support/server-actions";
import { startConsole, type ConsoleServer, type DatabaseKind } from "../tests/support/console-server";
import { buildIfNeeded } from "./lib/build";
import { printTable } from "./lib/table";

/**
 * `npm run bench:incident`: blocks 10,000 UIDs through incident mode against the embedded service,
 * as a moderator would (signed in, through the console's server actions), and compares the time
 * with a plain script that sends the same chunks straight to the service with the same concurrency.
 * The chat service runs in a console process of its own, as the hosted service would be: the
 * console under test is pointed at it as its upstream, so that both runs share the service and
 * differ only in what the console adds. BENCH_DATABASE=postgres runs both on PostgreSQL;
 * BENCH_UIDS sets the number of UIDs.
 */
const database = (process.env.BENCH_DATABASE ?? "pglite") as DatabaseKind;
const total = Number(process.env.BENCH_UIDS ?? 10_000);
const CHUNK = 25;
const CONCURRENCY = 4;
const ADMIN = { email: "bench@example.com", password: "bench-password-123" };

type Session = { cookie: string };

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

/** Signs in through Auth.js's own endpoints, as the sign-in form does. */
async function signIn(server: ConsoleServer): Promise<Session> {
  const csrf = await fetch(`${server.baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const response = await fetch(`${server.baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.join("; ") },
    body: new URLSearchParams({ ...ADMIN, csrfToken, callbackUrl: "/" }),
  });
  const session = cookiesOf(response).find((cookie) => cookie.startsWith("authjs.session-token="));
  if (!session) throw new Error(`Sign-in failed: HTTP ${response.status}`);
  return { cookie: [...jar, session].join("; ") };
}

/** Calls a server action over HTTP, as the browser does, and returns its result. */
async function callAction<T>(server: ConsoleServer, session: Session, name: string, input: unknown): Promise<T> {
  const id = serverActionId(name);
  const response = await fetch(`${server.baseUrl}/incidents`, {
    method: "POST",
    headers: {
      "Next-Action": id,
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
      Cookie: session.cookie,
    },
    body: JSON.stringify([input]),
  });
  const text = await response.text();
  const line = text.split("\n").find((row) => /^1:/.test(row));
  if (!line) throw new Error(`Unexpected answer of ${name}: ${text.slice(0, 300)}`);
  const result = JSON.parse(line.slice(2)) as { ok: boolean; data?: T; message?: string };
  if (!result.ok) throw new Error(`${name} failed: ${result.message}`);
  return result.data as T;
}

/** The plain script: the same chunks, the same concurrency, straight to the service. */
async function plainRun(server: ConsoleServer, blocker: string, uids: string[]): Promise<number> {
  const chunks: string[][] = [];
  for (let start = 0; start < uids.length; start += CHUNK) chunks.push(uids.slice(start, start + CHUNK));
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++]!;
        const response = await fetch(`${server.chatBaseUrl}/users/${blocker}/blockedusers`, {
          method: "POST",
          headers: { apikey: server.apiKey, "Content-Type": "application/json" },
          body: JSON.stringify({ blockedUids: chunk }),
        });
        if (response.status !== 200) throw new Error(`The service answered ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/** CPU seconds a process has used so far (Linux: user + system time from /proc). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Peak resident memory of a process so far (Linux), in MB. */
function peakRssMb(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

type Progress = {
  job: {
    status: string;
    doneCount: number;
    blockedCount: number;
    failedCount: number;
    total: number;
    finishedAt: string | null;
  };
};

/**
 * The job's time runs from the moderator's confirmation to the end the job itself records; its
 * progress is read once a second, as the job page does, so that watching it costs what it costs a user.
 */
async function jobRun(server: ConsoleServer, session: Session, blocker: string, uids: string[]) {
  const started = Date.now();
  const { jobId } = await callAction<{ jobId: string }>(server, session, "createIncidentJobAction", {
    blocker,
    reason: "Benchmark",
    uids,
  });
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const progress = await callAction<Progress>(server, session, "jobProgressAction", { jobId });
    if (progress.job.status === "completed") {
      const finished = Date.parse(progress.job.finishedAt!.replace(/^\$D/, ""));
      return { seconds: (finished - started) / 1000, job: progress.job };
    }
  }
}

async function main() {
  buildIfNeeded();
  const service = await startConsole({ database, env: { CHAT_RATE_LIMIT_PER_MINUTE: "10000000" } });
  const server = await startConsole({
    database,
    env: {
      CHAT_API_BASE_URL: service.chatBaseUrl,
      CHAT_API_KEY: service.apiKey,
      CONSOLE_ADMIN_EMAIL: ADMIN.email,
      CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      INCIDENT_CHUNK_SIZE: String(CHUNK),
      INCIDENT_CONCURRENCY: String(CONCURRENCY),
    },
  });
  try {
    const created = await fetch(`${service.chatBaseUrl}/embedded/users`, {
      method: "POST",
      headers: { apikey: service.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify({ prefix: "bench", count: 2 * total + 200 }),
    });
    if (created.status !== 200) throw new Error(`Could not create the users: ${created.status}`);
    const uids = (offset: number) => Array.from({ length: total }, (_, i) => `bench-${offset + i}`);
    const session = await signIn(server);

    // Warm both paths up, so that neither pays for the first compilation of its code.
    await plainRun(
      service,
      "cometchat-uid-3",
      Array.from({ length: 100 }, (_, i) => `bench-${2 * total + i}`),
    );
    await jobRun(
      server,
      session,
      "cometchat-uid-3",
      Array.from({ length: 100 }, (_, i) => `bench-${2 * total + 100 + i}`),
    );

    const cpu = () => ({
      console: cpuSeconds(server.pid()),
      service: cpuSeconds(service.pid()),
      script: process.cpuUsage(),
    });
    const beforePlain = cpu();
    const plainSeconds = await plainRun(service, "cometchat-uid-2", uids(0));
    const afterPlain = cpu();
    const rssBefore = peakRssMb(server.pid());
    const job = await jobRun(server, session, "cometchat-uid-1", uids(total));
    const afterJob = cpu();
    const rssPeak = peakRssMb(server.pid());
    const scriptCpu = (from: NodeJS.CpuUsage, to: NodeJS.CpuUsage) =>
      (to.user + to.system - from.user - from.system) / 1e6;

    if (job.job.blockedCount !== total || job.job.failedCount !== 0)
      throw new Error(`The job did not block every UID: ${JSON.stringify(job.job)}`);
    const ratio = job.seconds / plainSeconds;
    const rows = [
      [
        "plain script (same chunks, same concurrency)",
        plainSeconds.toFixed(2),
        (total / plainSeconds).toFixed(0),
        "",
        "",
      ],
      [
        "incident job (console, stored chunks, action log)",
        job.seconds.toFixed(2),
        (total / job.seconds).toFixed(0),
        rssPeak === null ? "n/a" : rssPeak.toFixed(0),
        `${ratio.toFixed(2)} (target 1.15 or less: ${ratio <= 1.15 ? "met" : "missed"})`,
      ],
    ];
    console.log(
      `\nBlocking ${total.toLocaleString("en")} UIDs, chunks of ${CHUNK}, ${CONCURRENCY} in flight; the embedded chat service in its own process; both on ${database}\n`,
    );
    const header = ["run", "seconds", "UIDs/s", "console peak RSS MB", "ratio to plain"];
    printTable(header, rows);
    console.log(
      `\nCPU seconds used (${availableParallelism()} cores: that many times the wall time available): plain run: service ${(afterPlain.service - beforePlain.service).toFixed(1)}, ` +
        `script ${scriptCpu(beforePlain.script, afterPlain.script).toFixed(1)}; incident job: service ${(afterJob.service - afterPlain.service).toFixed(1)}, ` +
        `console ${(afterJob.console - afterPlain.console).toFixed(1)}, this script ${scriptCpu(afterPlain.script, afterJob.script).toFixed(1)} ` +
        "(the databases' own processes not counted).",
    );
    if (rssBefore !== null) console.log(`\nConsole peak RSS before the job: ${rssBefore.toFixed(0)} MB.`);
  } finally {
    await server.stop();
    await service.stop();
  }
}

await main();
