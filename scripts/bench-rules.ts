import { buildDemoData } from "../chat-service/demo-data";
import { chatCall } from "../tests/support/chat-client";
import { startConsole, type ConsoleServer, type DatabaseKind } from "../tests/support/console-server";
import { buildIfNeeded } from "./lib/build";
import { runLoad, type LoadRequest, type LoadResult } from "./lib/load";
import { printTable } from "./lib/table";

/**
 * `npm run bench:rules`: what the moderation engine costs a send. POST /messages (a direct message,
 * which no rule matches, so each is delivered and every rule is tried) at BENCH_CONNECTIONS (16)
 * connections, first with the default rules only (no custom rule enabled), then with 5 custom rules
 * enabled besides, each with a condition on a list of 1,000 words and one on a list of 50 patterns.
 * Target: the second keeps ≥ 80% of the first's requests a second. BENCH_DATABASES (pglite,postgres),
 * BENCH_SECONDS (5).
 */
const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",") as DatabaseKind[];
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARM_UP_SECONDS = 3;
/** Before the first run of a server: PGlite's WebAssembly is optimised in the background for the first seconds (measured: the first 5 s ran ~20% slower). */
const FIRST_WARM_UP_SECONDS = 12;
const RULES = 5;
const WORDS_A_LIST = 1000;
const PATTERNS_A_LIST = 50;
const TARGET = 0.8;

const TEXT = "Are we still on for the ride on Saturday? I can bring the spare pump and some snacks for everyone.";

const demo = buildDemoData(0);
const uids = demo.users.filter((user) => !user.deactivatedAt).map((user) => user.uid);

/** Deterministic words of 4 to 10 letters, none of the message's own. */
function wordsOf(seed: number, count: number): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state;
  };
  const taken = new Set(TEXT.toLowerCase().split(/[^a-z]+/));
  const words = new Set<string>();
  while (words.size < count) {
    const length = 4 + (next() % 7);
    let word = "";
    for (let i = 0; i < length; i += 1) word += String.fromCharCode(97 + (next() % 26));
    if (!taken.has(word)) words.add(word);
  }
  return [...words];
}

function sendRequest(apiKey: string) {
  return (connection: number, i: number): LoadRequest => {
    const sender = uids[(connection * 7 + i) % uids.length]!;
    const receiver = uids[(connection * 7 + i + 1) % uids.length]!;
    return {
      method: "POST",
      path: "/v3/messages",
      headers: { apikey: apiKey, onBehalfOf: sender },
      body: { receiver, receiverType: "user", data: { text: TEXT } },
    };
  };
}

async function measure(server: ConsoleServer, warmUpSeconds: number): Promise<LoadResult> {
  const port = Number(new URL(server.chatBaseUrl).port);
  const request = sendRequest(server.apiKey);
  await runLoad(port, connections, warmUpSeconds, request);
  return runLoad(port, connections, seconds, request);
}

async function addCustomRules(server: ConsoleServer): Promise<void> {
  for (let n = 0; n < RULES; n += 1) {
    const words = wordsOf(1000 + n, WORDS_A_LIST);
    const patterns = wordsOf(2000 + n, PATTERNS_A_LIST).map((word) => `${word}\\s{0,3}\\d{1,4}[a-z]{0,2}`);
    const made = [
      await chatCall(server, "POST", "/moderation/keywords", {
        body: { id: `bench-words-${n}`, name: `Bench words ${n}`, category: "word", searchTerms: words },
      }),
      await chatCall(server, "POST", "/moderation/keywords", {
        body: { id: `bench-patterns-${n}`, name: `Bench patterns ${n}`, category: "pattern", searchTerms: patterns },
      }),
      await chatCall(server, "POST", "/moderation/rules", {
        body: {
          id: `bench-rule-${n}`,
          name: `Bench rule ${n}`,
          enabled: true,
          action: ["blockMessage"],
          conditions: [
            { operand: "text", category: "word", isKeywordsReferencePresent: true, value: [`bench-words-${n}`] },
            { operand: "text", category: "pattern", isKeywordsReferencePresent: true, value: [`bench-patterns-${n}`] },
          ],
        },
      }),
    ];
    const failed = made.find((call) => call.status !== 200);
    if (failed) throw new Error(`Could not make the bench's rules: ${failed.text}`);
  }
}

const format = (result: LoadResult) => [
  result.perSecond.toFixed(0),
  result.p50.toFixed(1),
  result.p99.toFixed(1),
  String(result.non200),
];

async function main() {
  buildIfNeeded();
  const rows: string[][] = [];
  for (const database of databases) {
    const server = await startConsole({ database, env: { CHAT_RATE_LIMIT_PER_MINUTE: "10000000" } });
    try {
      const without = await measure(server, FIRST_WARM_UP_SECONDS);
      await addCustomRules(server);
      const withRules = await measure(server, WARM_UP_SECONDS);
      const ratio = withRules.perSecond / without.perSecond;
      rows.push([database, "default rules only", ...format(without), "", ""]);
      rows.push([
        database,
        `+ ${RULES} rules of ${WORDS_A_LIST} words and ${PATTERNS_A_LIST} patterns`,
        ...format(withRules),
        `${(ratio * 100).toFixed(0)}%`,
        `≥ ${TARGET * 100}% ${ratio >= TARGET ? "met" : "MISSED"}`,
      ]);
    } finally {
      await server.stop();
    }
  }
  console.log(`POST /messages, ${connections} connections, ${seconds} s a run`);
  printTable(["database", "rules enabled", "req/s", "p50 ms", "p99 ms", "non-200", "ratio", "target"], rows, {
    numbersRight: true,
  });
}

await main();
