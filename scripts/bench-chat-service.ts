import { buildIfNeeded } from "./lib/build";
import { availableParallelism } from "node:os";
import { buildDemoData } from "../lib/chat-service/demo-data";
import { startConsole, type DatabaseKind } from "../tests/support/console-server";
import { printTable } from "./lib/table";

/**
 * `npm run bench:chat-service`: requests a second and p50/p99 latency of the embedded chat API,
 * over real HTTP against the built console, for PUT conversation and POST blockedusers (1 and 25
 * UIDs) at 1 and 16 concurrent connections. BENCH_DATABASE=postgres runs it on PostgreSQL;
 * BENCH_SECONDS sets the length of each run (default 5).
 */
const database = (process.env.BENCH_DATABASE ?? "pglite") as DatabaseKind;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

type Scenario = {
  name: string;
  request: (
    worker: number,
    i: number,
  ) => { method: string; path: string; headers?: Record<string, string>; body: unknown };
};

const CONVERSATION_PARTNERS = ["cometchat-uid-2", "cometchat-uid-3", "cometchat-uid-4", "cometchat-uid-5"];

async function main() {
  buildIfNeeded();
  const server = await startConsole({ database, env: { CHAT_RATE_LIMIT_PER_MINUTE: "10000000" } });
  try {
    // The demo data's UIDs do not depend on the time it is built for.
    const uids = buildDemoData(0).users.map((user) => user.uid);
    const pick = (n: number) => uids[n % uids.length]!;

    const scenarios: Scenario[] = [
      {
        name: "PUT /users/{uid}/conversation",
        request: (worker, i) => ({
          method: "PUT",
          path: `/users/${CONVERSATION_PARTNERS[(worker + i) % CONVERSATION_PARTNERS.length]}/conversation`,
          headers: { onBehalfOf: "cometchat-uid-1" },
          body: { tags: [`bench-${worker}`, `run-${i % 10}`] },
        }),
      },
      {
        name: "POST /users/{uid}/blockedusers, 1 UID",
        request: (worker, i) => ({
          method: "POST",
          path: `/users/${pick(worker)}/blockedusers`,
          body: { blockedUids: [pick(worker + 1 + (i % (uids.length - 1)))] },
        }),
      },
      {
        name: "POST /users/{uid}/blockedusers, 25 UIDs",
        request: (worker, i) => ({
          method: "POST",
          path: `/users/${pick(worker)}/blockedusers`,
          body: {
            blockedUids: Array.from({ length: 25 }, (_, k) => pick(worker + 1 + ((i * 25 + k) % (uids.length - 1)))),
          },
        }),
      },
    ];

    const rows: string[][] = [];
    for (const scenario of scenarios) {
      for (const concurrency of [1, 16]) {
        const result = await run(server.chatBaseUrl, server.apiKey, scenario, concurrency);
        rows.push([
          scenario.name,
          String(concurrency),
          String(result.count),
          result.perSecond.toFixed(0),
          result.p50.toFixed(2),
          result.p99.toFixed(2),
          String(result.errors),
        ]);
      }
    }
    console.log(
      `\nEmbedded chat API v3 on ${database}, ${seconds} s a run (Node ${process.version}, ${availableParallelism()} cores)\n`,
    );
    printTable(["operation", "connections", "requests", "req/s", "p50 ms", "p99 ms", "non-200"], rows, {
      numbersRight: true,
    });
  } finally {
    await server.stop();
  }
}

async function run(baseUrl: string, apiKey: string, scenario: Scenario, concurrency: number) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i += 1) {
        const { method, path, headers, body } = scenario.request(worker, i);
        const t0 = performance.now();
        const response = await fetch(`${baseUrl}${path}`, {
          method,
          headers: { apikey: apiKey, "Content-Type": "application/json", ...headers },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (response.status !== 200) errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { count: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}

await main();
