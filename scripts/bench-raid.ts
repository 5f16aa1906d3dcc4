import { availableParallelism } from "node:os";
import type { DatabaseKind } from "../tests/support/console-server";
import { deactivationRun, ACCOUNTS } from "./bench-raid/deactivation";
import { MESSAGES, searchRun } from "./bench-raid/search";
import { buildIfNeeded } from "./lib/build";
import { printTable } from "./lib/table";

/**
 * `npm run bench:raid`: "Find accounts" over 100,000 messages in a two-hour window of one group on the
 * embedded default (target: its senders listed within 5 s), then a 1,000-account deactivation under a
 * rate limit shared with the application's own traffic (targets: 95% or more of the jobs' share, 0
 * 429s for the application). BENCH_DATABASE=postgres runs both on PostgreSQL.
 */
const database = (process.env.BENCH_DATABASE ?? "pglite") as DatabaseKind;
const met = (ok: boolean) => (ok ? "met" : "missed");

async function main() {
  buildIfNeeded();
  const search = await searchRun(database);
  console.log(
    `\nFind accounts: ${MESSAGES.toLocaleString("en")} messages with a link in the last two hours of one group (written in ${search.insertSeconds.toFixed(1)} s), the embedded chat service in the console, on ${database}; ${availableParallelism()} cores\n`,
  );
  const perMinute = (search.calls / search.seconds) * 60;
  printTable(
    ["figure", "value", "target"],
    [
      ["senders listed after", `${search.seconds.toFixed(2)} s`, `5 s or less: ${met(search.seconds <= 5)}`],
      [
        "messages read, matching, senders",
        `${search.scanned.toLocaleString("en")}, ${search.matched.toLocaleString("en")}, ${search.senders.toLocaleString("en")}`,
        `${MESSAGES.toLocaleString("en")} matching or more: ${met(search.matched >= MESSAGES)}`,
      ],
      [
        "calls used, and their rate against the jobs' share",
        `${search.calls} calls, ${perMinute.toFixed(0)} a minute of ${search.allowedPerMinute} allowed (${((perMinute / search.allowedPerMinute) * 100).toFixed(0)}%)`,
        "within the share",
      ],
    ],
  );

  const job = await deactivationRun(database);
  console.log(
    `\nDeactivating ${ACCOUNTS.toLocaleString("en")} accounts: the service at 150 ms and 1,200 requests a minute for the whole application, its own traffic at 30% of that, the jobs' share at 0.5\n`,
  );
  printTable(
    ["figure", "value", "target"],
    [
      [
        "job's calls a minute, of its allowed share",
        `${((job.calls / job.seconds) * 60).toFixed(0)} of ${job.allowedPerMinute} (${(job.shareUsed * 100).toFixed(1)}%)`,
        `95% or more: ${met(job.shareUsed >= 0.95)}`,
      ],
      [
        "429s the application's traffic received",
        `${job.app429s} of ${job.appRequests} requests`,
        `0: ${met(job.app429s === 0)}`,
      ],
      [
        "job time against the limit (calls ÷ allowed rate)",
        `${job.seconds.toFixed(1)} s against ${job.secondsAtLimit.toFixed(1)} s (${job.calls} calls, ${job.deactivated} deactivated)`,
        "",
      ],
    ],
  );
}

await main();
