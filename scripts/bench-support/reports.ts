import { chatCall } from "../../tests/support/chat-client";
import { startConsole, type DatabaseKind } from "../../tests/support/console-server";
import { callActionOver, readOver, signIn, type Session } from "../../tests/support/console-session";
import { buildIfNeeded } from "../lib/build";
import { printTable } from "../lib/table";

/**
 * The reports queue at 1,000 open reports, on the embedded default: the queue's first page (the
 * server's whole answer, HTML rendered) p95 against 300 ms, a decision on one report p50 against
 * 300 ms, and the index keeping up with 100 new reports a minute within its share of the rate
 * budget (its calls counted from the server log's lines of `/v3`, at debug level).
 */

const ADMIN = { email: "bench-reports@example.com", password: "bench-password-123" };
const GROUP = "cometchat-guid-1";
const REPORTS = 1000;
const PAGE_SAMPLES = 40;
const DECISION_SAMPLES = 20;
const NEW_REPORTS = 100;
const MINUTE_MS = 60_000;
const TARGET_MS = 300;
/** The embedded default: 10,000 calls a minute, half for jobs, a fifth of that for the index. */
const INDEX_SHARE_PER_MINUTE = 10_000 * 0.5 * 0.2;
const REASONS = ["spam", "harassment", "inappropriate"];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value.toFixed(0)} ms`;

function percentile(samples: number[], share: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

async function inParallel<T>(items: T[], lanes: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let index = next++; index < items.length; index = next++) await work(items[index]!, index);
    }),
  );
}

type Server = Awaited<ReturnType<typeof startConsole>>;

/** Sends `count` messages to the group, each from a member, and has another member report each. */
async function flagNew(server: Server, members: string[], count: number, from: number, each?: () => Promise<void>) {
  await inParallel(
    Array.from({ length: count }, (_, index) => from + index),
    each ? 1 : 8,
    async (n) => {
      const sender = members[n % members.length]!;
      const reporter = members[(n + 1 + (n % 7)) % members.length]!;
      const text = n % 3 === 0 ? `Bench offer ${n}: https://bench-${n % 50}.example/x` : `Bench message ${n}`;
      const sent = await chatCall(server, "POST", "/messages", {
        onBehalfOf: sender,
        body: { receiver: GROUP, receiverType: "group", data: { text } },
      });
      await chatCall(server, "POST", `/messages/${sent.body.data.id}/flagged`, {
        onBehalfOf: reporter === sender ? members[(n + 2) % members.length] : reporter,
        body: { reasonId: REASONS[n % REASONS.length], remark: `bench ${n}` },
      });
      if (each) await each();
    },
  );
}

async function timedGet(server: Server, admin: Session, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: admin.cookie } });
  await response.text();
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return performance.now() - started;
}

async function openReports(server: Server, admin: Session): Promise<number> {
  const answer = await readOver<{ open: number }>(server, admin, "/api/reports/open-count");
  if (!answer.body.ok) throw new Error(answer.body.message);
  return answer.body.data.open;
}

/** Decides one report after another, each timed from the action's call to its answer. */
async function decisions(server: Server, admin: Session, ids: string[], action: string, extra: object) {
  const samples: number[] = [];
  for (const id of ids) {
    const started = performance.now();
    const result = await callActionOver(server, admin, action, {
      target: { kind: "reports", messageIds: [id] },
      reasonText: "bench",
      ...extra,
    });
    samples.push(performance.now() - started);
    if (!result.ok) throw new Error(`${action} of ${id}: ${result.message}`);
  }
  return samples;
}

const flaggedCalls = (output: string) =>
  output.split("\n").filter((line) => line.includes('"path":"/v3/moderation/flagged-messages"')).length;

export async function benchReports(database: DatabaseKind): Promise<void> {
  buildIfNeeded();
  const server = await startConsole({
    database,
    env: { CONSOLE_ADMIN_EMAIL: ADMIN.email, CONSOLE_ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "debug" },
  });
  try {
    const admin = await signIn(server, ADMIN);
    const members = (
      (await chatCall(server, "GET", `/groups/${GROUP}/members?perPage=1000`)).body.data as Array<{ uid: string }>
    ).map((member) => member.uid);
    console.log(`\nReports queue: seeding ${REPORTS} reports in ${GROUP}…`);
    await flagNew(server, members, REPORTS, 0);
    const refreshed = await callActionOver<{ seen: number }>(server, admin, "refreshReportsAction", {}, "/reports");
    if (!refreshed.ok) throw new Error(refreshed.message);
    const open = await openReports(server, admin);

    const pages = { first: [] as number[], filtered: [] as number[] };
    for (let index = 0; index <= PAGE_SAMPLES; index += 1) {
      const first = await timedGet(server, admin, "/reports");
      const filtered = await timedGet(server, admin, "/reports?sort=newest&reason=spam&text=bench&new=1&page=3");
      // The first round warms the server; it is not counted.
      if (index === 0) continue;
      pages.first.push(first);
      pages.filtered.push(filtered);
    }

    const ids = (await chatCall(server, "GET", "/moderation/flagged-messages?limit=1000")).body.data.map(
      (item: { id: string }) => item.id,
    ) as string[];
    const keep = await decisions(server, admin, ids.slice(0, DECISION_SAMPLES), "keepReportsAction", {
      reasonCode: "context",
    });
    const remove = await decisions(
      server,
      admin,
      ids.slice(DECISION_SAMPLES, 2 * DECISION_SAMPLES),
      "removeReportsAction",
      { reasonCode: "spam", blockForReporters: false, deactivateSender: false, banFromGroup: false },
    );
    const removeAndBlock = await decisions(
      server,
      admin,
      ids.slice(2 * DECISION_SAMPLES, 3 * DECISION_SAMPLES),
      "removeReportsAction",
      { reasonCode: "spam", blockForReporters: true, deactivateSender: false, banFromGroup: false },
    );

    // 100 new reports over a minute, one every 0.6 s; each one's lag until the queue counts it.
    const baseline = await openReports(server, admin);
    const flaggedAt: number[] = [];
    const indexedAt: number[] = [];
    let polling = true;
    const pollUntil = Date.now() + 3 * MINUTE_MS;
    const poll = (async () => {
      while ((polling || indexedAt.length < flaggedAt.length) && Date.now() < pollUntil) {
        const counted = (await openReports(server, admin)) - baseline;
        while (indexedAt.length < Math.min(counted, flaggedAt.length)) indexedAt.push(Date.now());
        await sleep(250);
      }
    })();
    const callsBefore = flaggedCalls(server.output());
    const started = Date.now();
    await flagNew(server, members, NEW_REPORTS, REPORTS, async () => {
      flaggedAt.push(Date.now());
      await sleep(Math.max(0, started + (flaggedAt.length * MINUTE_MS) / NEW_REPORTS - Date.now()));
    });
    polling = false;
    await poll;
    const minutes = (Date.now() - started) / MINUTE_MS;
    const callsPerMinute = (flaggedCalls(server.output()) - callsBefore) / minutes;
    const lags = flaggedAt.map((at, index) => (indexedAt[index] ?? Date.now()) - at);

    console.log(`\nReports queue, ${database}, embedded chat service, ${open} open reports:\n`);
    printTable(
      ["measure", "p50", "p95", "target", "met"],
      [
        row("GET /reports, first page (server, whole HTML)", pages.first, 0.95, TARGET_MS),
        row("GET /reports, four filters, newest, page 3", pages.filtered, 0.95, TARGET_MS),
        row("Keep one report (action answered)", keep, 0.5, TARGET_MS),
        row("Remove message, one report", remove, 0.5, TARGET_MS),
        row("Remove message + block for each reporter", removeAndBlock, 0.5, TARGET_MS),
      ],
    );
    console.log(`\nThe index, ${NEW_REPORTS} new reports over one minute:\n`);
    const worst = Math.max(...lags);
    printTable(
      ["measure", "figure", "target", "met"],
      [
        [
          "reports indexed",
          `${indexedAt.length} of ${NEW_REPORTS}`,
          `${NEW_REPORTS}`,
          indexedAt.length === NEW_REPORTS ? "yes" : "no",
        ],
        [
          "lag, flag → in the queue (p50)",
          ms(percentile(lags, 0.5)),
          "≤ 20000 ms",
          percentile(lags, 0.5) <= 20_000 ? "yes" : "no",
        ],
        ["lag, worst", ms(worst), "≤ 20000 ms", worst <= 20_000 ? "yes" : "no"],
        [
          "index's calls a minute",
          callsPerMinute.toFixed(1),
          `≤ ${INDEX_SHARE_PER_MINUTE} (its share)`,
          callsPerMinute <= INDEX_SHARE_PER_MINUTE ? "yes" : "no",
        ],
      ],
    );
  } finally {
    await server.stop();
  }
}

function row(name: string, samples: number[], share: number, target: number): string[] {
  const judged = percentile(samples, share);
  return [
    name,
    ms(percentile(samples, 0.5)),
    ms(percentile(samples, 0.95)),
    `${share === 0.5 ? "p50" : "p95"} ≤ ${target} ms`,
    judged <= target ? "yes" : "no",
  ];
}
