import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { buildDemoData } from "../chat-service/demo-data";
import { startConsole, type DatabaseKind } from "../tests/support/console-server";
import { addListExtras, EXTRA_MESSAGES, EXTRA_REPORTS, listScenarios } from "./bench-chat-service-lists";
import { buildIfNeeded } from "./lib/build";
import { measureFreshBlocks } from "./lib/fresh-blocks";
import { runLoad, type LoadRequest, type LoadResult } from "./lib/load";
import { printTable } from "./lib/table";

/**
 * `npm run bench:chat-service`: requests a second and p50/p99 latency of the embedded chat API over
 * real HTTP, on each database, beside a bare node:http server answering JSON measured by the same load
 * generator in the same run: each figure is also given as a share of that ceiling. Then the resident
 * memory of the server process, idle after the first start, idle after a restart on the same data, and after the load.
 * Last, on each database, the moderation lists, a page of 100 each, on the demo data plus 100,000
 * messages and 10,000 reports (./bench-chat-service-lists.ts).
 * Blocks are measured twice: of fresh pairs (users made for the run, never blocked before: the target
 * holds there), and of the demo users again and again, where almost every block is a no-op conflict.
 * BENCH_DATABASES (pglite,postgres), BENCH_SECONDS (5), BENCH_CONNECTIONS (16);
 * TEST_CHAT_SERVICE=standalone measures `npm run chat-service` instead of the console.
 */
const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",") as DatabaseKind[];
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
/**
 * Before each measured run: V8 compiles PGlite's WebAssembly with its baseline compiler first and its
 * optimising one for the functions that turn out hot, in the background, on a machine whose cores
 * the load already uses; a write path's first seconds ran at a third of its steady rate (measured).
 */
const WARM_UP_SECONDS = 3;

type Scenario = { name: string; target: string; request: (connection: number, i: number) => LoadRequest };

const demo = buildDemoData(0);
// A deactivated user is ERR_UID_NOT_FOUND to every call: the demo raid has one.
const uids = demo.users.filter((user) => !user.deactivatedAt).map((user) => user.uid);
const active = new Set(uids);
const pick = (n: number) => uids[n % uids.length]!;
// Each owner's copy of a user-to-user conversation: tags change on many rows, as moderators spread their work.
const userConversations = demo.states
  .filter((state) => state.conversationId.includes("_user_"))
  .filter((state) => state.conversationId.split("_user_").every((uid) => active.has(uid)))
  .map((state) => ({
    owner: state.ownerUid,
    other: state.conversationId.split("_user_").find((uid) => uid !== state.ownerUid)!,
  }));

/** Long enough for start-up's garbage to be collected and the process to sit idle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 15_000));

function scenarios(apiKey: string): Scenario[] {
  const headers = { apikey: apiKey };
  return [
    {
      name: "GET /users/{uid}",
      target: "≥ 3000",
      request: (c, i) => ({ method: "GET", path: `/v3/users/${pick(c + i)}`, headers }),
    },
    {
      name: "PUT /users/{uid}/conversation",
      target: "≥ 1700, p99 ≤ 25",
      request: (c, i) => {
        const { owner, other } = userConversations[(c + i * connections) % userConversations.length]!;
        return {
          method: "PUT",
          path: `/v3/users/${other}/conversation`,
          headers: { ...headers, onBehalfOf: owner },
          body: { tags: [`bench-${c}`, `run-${i % 10}`] },
        };
      },
    },
    {
      name: "POST /users/{uid}/blockedusers, 1 UID, demo users again (conflicts)",
      target: "none: a look-up",
      request: (c, i) => ({
        method: "POST",
        path: `/v3/users/${pick(c)}/blockedusers`,
        headers,
        body: { blockedUids: [pick(c + 1 + (i % (uids.length - 1)))] },
      }),
    },
    {
      name: "POST /users/{uid}/blockedusers, 25 UIDs, demo users again (conflicts)",
      target: "none: a look-up",
      request: (c, i) => ({
        method: "POST",
        path: `/v3/users/${pick(c)}/blockedusers`,
        headers,
        body: { blockedUids: Array.from({ length: 25 }, (_, k) => pick(c + 1 + ((i * 25 + k) % (uids.length - 1)))) },
      }),
    },
  ];
}

/** The ceiling: node:http answering a user record, with the same headers, in a process of its own. */
const BARE_SERVER = `
const body = JSON.stringify({ data: { uid: "cometchat-uid-1", name: "Andrew Joseph", role: "default", status: "available", createdAt: 1733197481 } });
require("node:http").createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store",
      "X-RateLimit-Limit": "10000", "X-RateLimit-Remaining": "9999", "Content-Length": Buffer.byteLength(body) });
    response.end(body);
  });
}).listen(0, "127.0.0.1", function () { console.log(this.address().port); });`;

async function bareServerPort(): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, ["-e", BARE_SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve) =>
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk))),
  );
  return { port, stop: () => child.kill() };
}

const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

const row = (name: string, database: string, result: LoadResult, bare: number, target: string) => [
  name,
  database,
  result.perSecond.toFixed(0),
  result.p50.toFixed(2),
  result.p99.toFixed(2),
  String(result.non200),
  `${((100 * result.perSecond) / bare).toFixed(1)} %`,
  target,
];

async function main() {
  buildIfNeeded();
  const bareServer = await bareServerPort();
  const bareRequest = () => ({ method: "GET", path: "/v3/users/cometchat-uid-1", headers: { apikey: "k" } });
  await runLoad(bareServer.port, connections, WARM_UP_SECONDS, bareRequest);
  const bare = await runLoad(bareServer.port, connections, seconds, bareRequest);
  bareServer.stop();
  const rows = [row("bare node:http, JSON", "-", bare, bare.perSecond, "")];
  const memory: string[][] = [];
  const extrasSeconds: string[] = [];

  for (const database of databases) {
    const server = await startConsole({ database, env: { CHAT_RATE_LIMIT_PER_MINUTE: "10000000" } });
    try {
      // Idle twice: after the first start on a new data folder (which also ran initdb and loaded the demo
      // data), and after a restart on the same folder, as a console that has been running a while is.
      await settle();
      const firstStart = residentMb(server.pid());
      await server.restart();
      await settle();
      const idle = residentMb(server.pid());
      const port = Number(new URL(server.baseUrl).port);
      for (const scenario of scenarios(server.apiKey)) {
        await runLoad(port, connections, WARM_UP_SECONDS, scenario.request);
        const result = await runLoad(port, connections, seconds, scenario.request);
        rows.push(row(scenario.name, database, result, bare.perSecond, scenario.target));
      }
      for (const perCall of [1, 25]) {
        const { baseUrl, apiKey } = server;
        const warmUpSeconds = WARM_UP_SECONDS;
        const result = await measureFreshBlocks({ baseUrl, apiKey, perCall, connections, warmUpSeconds, seconds });
        const name = `POST /users/{uid}/blockedusers, ${perCall} UID${perCall > 1 ? "s" : ""}, fresh pairs`;
        rows.push(row(name, database, result, bare.perSecond, "≥ 1700, p99 ≤ 25"));
      }
      memory.push([database, firstStart.toFixed(0), idle.toFixed(0), residentMb(server.pid()).toFixed(0)]);
      // The lists on more data: added while the console is stopped, then measured after a restart.
      const extras = await addListExtras(server);
      extrasSeconds.push(`${database} ${extras.seconds.toFixed(1)} s`);
      await server.restart();
      const lists = listScenarios(server.apiKey, { uids, guids: demo.groups.map((group) => group.guid), ...extras });
      for (const scenario of lists) {
        await runLoad(port, connections, WARM_UP_SECONDS, scenario.request);
        const result = await runLoad(port, connections, seconds, scenario.request);
        rows.push(row(scenario.name, database, result, bare.perSecond, scenario.target));
      }
    } finally {
      await server.stop();
    }
  }

  const what = process.env.TEST_CHAT_SERVICE === "standalone" ? "npm run chat-service" : "the console (npm start)";
  console.log(
    `\nChat API v3 of ${what}: ${connections} connections, ${seconds} s a run (Node ${process.version}, ${availableParallelism()} cores)\n`,
  );
  printTable(["operation", "database", "req/s", "p50 ms", "p99 ms", "non-200", "of bare", "target"], rows, {
    numbersRight: true,
  });
  console.log(
    `\nThe message lists (GET /messages … /groups/{guid}/members) ran on the demo data plus ${EXTRA_MESSAGES.toLocaleString("en")} messages and ${EXTRA_REPORTS.toLocaleString("en")} reports, written by bulk SQL in ${extrasSeconds.join(", ")}.`,
  );
  console.log("\nResident memory of the server process (MB)\n");
  printTable(["database", "idle after the first start", "idle after a restart", "after the load"], memory, {
    numbersRight: true,
  });
}

await main();
