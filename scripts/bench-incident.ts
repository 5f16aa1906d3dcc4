import { availableParallelism } from "node:os";
import { startConsole, type ConsoleServer, type DatabaseKind } from "../tests/support/console-server";
import { jobRun } from "./bench-incident/job";
import { CHUNK, CONCURRENCY, cpuSeconds, peakRssMb, plainRun } from "./bench-incident/plain";
import { printRealistic, realisticRun } from "./bench-incident/realistic";
import { ADMIN, signIn, type Session } from "./bench-incident/session";
import { buildIfNeeded } from "./lib/build";
import { printTable } from "./lib/table";

/**
 * `npm run bench:incident`: blocks 10,000 UIDs through incident mode against the embedded service,
 * as a moderator would (signed in, through the console's server actions), and compares the time
 * with a plain script that sends the same chunks straight to the service with the same concurrency,
 * at 0 ms and at 150 ms of latency. The chat service runs in a console process of its own, as the
 * hosted service would be: the console under test is pointed at it as its upstream, so that both
 * runs share the service and differ only in what the console adds. Then a realistic run
 * (`./bench-incident/realistic.ts`): a rate limit shared with the application's own traffic.
 * BENCH_DATABASE=postgres runs them on PostgreSQL; BENCH_UIDS sets the number of UIDs of the first runs.
 */
const database = (process.env.BENCH_DATABASE ?? "pglite") as DatabaseKind;
const total = Number(process.env.BENCH_UIDS ?? 10_000);
/** The console may add this much to a plain script's time, at each latency. */
const TARGETS = [
  { latencyMs: 0, ratio: 1.1 },
  { latencyMs: 150, ratio: 1.02 },
];

const met = (ok: boolean) => (ok ? "met" : "missed");

async function compare(service: ConsoleServer, server: ConsoleServer, session: Session, round: number) {
  const { latencyMs, ratio: target } = TARGETS[round]!;
  const settings = await fetch(`${service.chatBaseUrl}/embedded/settings`, {
    method: "PUT",
    headers: { apikey: service.apiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ latencyMs }),
  });
  if (settings.status !== 200) throw new Error(`Could not set the latency: ${settings.status}`);
  const uids = (run: number) => Array.from({ length: total }, (_, i) => `bench-${(2 * round + run) * total + i}`);
  const cpu = () => ({ console: cpuSeconds(server.pid()), service: cpuSeconds(service.pid()) });
  const before = cpu();
  const plainSeconds = await plainRun(service, `cometchat-uid-${2 + 2 * round}`, uids(0));
  const afterPlain = cpu();
  const job = await jobRun(server, session, `cometchat-uid-${1 + 2 * round}`, uids(1));
  const afterJob = cpu();
  if (job.job.blockedCount !== total || job.job.failedCount !== 0)
    throw new Error(`The job did not block every UID: ${JSON.stringify(job.job)}`);
  const ratio = job.seconds / plainSeconds;
  console.log(
    `\n${latencyMs} ms: CPU seconds, plain run: service ${(afterPlain.service - before.service).toFixed(1)}; incident job: ` +
      `service ${(afterJob.service - afterPlain.service).toFixed(1)}, console ${(afterJob.console - afterPlain.console).toFixed(1)}.`,
  );
  return [
    [
      `${latencyMs} ms`,
      "plain script (same chunks, same concurrency)",
      plainSeconds.toFixed(2),
      (total / plainSeconds).toFixed(0),
      "",
    ],
    [
      `${latencyMs} ms`,
      "incident job (console, stored chunks, action log)",
      job.seconds.toFixed(2),
      (total / job.seconds).toFixed(0),
      `${ratio.toFixed(2)} (target ${target.toFixed(2)} or less: ${met(ratio <= target)})`,
    ],
  ];
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
      // One operator starts the whole job: two-person approval has its own tests.
      APPROVAL_THRESHOLD_UIDS: "0",
    },
  });
  const rows: string[][] = [];
  try {
    const created = await fetch(`${service.chatBaseUrl}/embedded/users`, {
      method: "POST",
      headers: { apikey: service.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify({ prefix: "bench", count: 4 * total + 200 }),
    });
    if (created.status !== 200) throw new Error(`Could not create the users: ${created.status}`);
    const session = await signIn(server);
    // Warm both paths up, so that neither pays for the first compilation of its code.
    const warm = (offset: number) => Array.from({ length: 100 }, (_, i) => `bench-${4 * total + offset + i}`);
    await plainRun(service, "cometchat-uid-3", warm(0));
    await jobRun(server, session, "cometchat-uid-3", warm(100));
    const rssBefore = peakRssMb(server.pid());
    for (const round of TARGETS.keys()) rows.push(...(await compare(service, server, session, round)));
    const rssPeak = peakRssMb(server.pid());
    console.log(
      `\nBlocking ${total.toLocaleString("en")} UIDs, chunks of ${CHUNK}, ${CONCURRENCY} in flight at most; the embedded chat service in its own process; both on ${database}; ${availableParallelism()} cores\n`,
    );
    printTable(["latency", "run", "seconds", "UIDs/s", "ratio to plain"], rows);
    if (rssBefore !== null && rssPeak !== null)
      console.log(`\nConsole peak RSS: ${rssBefore.toFixed(0)} MB before the jobs, ${rssPeak.toFixed(0)} MB after.`);
  } finally {
    await server.stop();
    await service.stop();
  }
  printRealistic(
    "a job of 5,000 UIDs at INCIDENT_RATE_SHARE=0.5, an operator looking users up every 3 s",
    await realisticRun(database),
  );
}

await main();
