import { availableParallelism } from "node:os";
import { printTable } from "./lib/table";
import { benchDatabase, type Figure } from "./bench-audit/database";
import { DATABASES, ENTRIES, number, type DatabaseKind } from "./bench-audit/options";
import { runCleanups, startWatchdog } from "./bench-audit/run-control";
import { collectGarbage } from "./bench-audit/sampling";

/**
 * `npm run bench:audit`: the action log at 1,000,000 entries, on PGlite and on PostgreSQL, each
 * figure beside its target: appends a second through appendAuditEvent (group commit), latency of
 * a filtered page, export of the whole log (time and peak memory) and verification of the whole
 * chain. The log is seeded in bulk with a valid hash chain; each database is a throwaway one.
 *
 * BENCH_DATABASES=pglite|postgres|pglite,postgres (default both), BENCH_ENTRIES (default
 * 1000000), BENCH_ANALYZE=0 to skip ANALYZE after seeding, BENCH_EXPLAIN=missed|all|none for the
 * plans of the slowest page queries (default: of the filters that miss the target),
 * BENCH_TIMEOUT_MINUTES to bound the whole run (default 40 a database).
 */

const watchdog = startWatchdog();

async function main() {
  const cores = availableParallelism();
  console.log(
    `Action log benchmark: ${number(ENTRIES)} entries on ${DATABASES.join(" and ")} (Node ${process.version}, ${cores} cores${
      collectGarbage ? "" : ", no gc()"
    })`,
  );
  const results: Array<{ kind: DatabaseKind; figures: Figure[] | Error }> = [];
  for (const kind of DATABASES) {
    try {
      results.push({ kind, figures: await benchDatabase(kind) });
    } catch (error) {
      console.error(`\n${kind}: the benchmark failed:`, error);
      process.exitCode = 1;
      results.push({ kind, figures: error instanceof Error ? error : new Error(String(error)) });
    }
  }
  console.log(`\nSummary: the action log at ${number(ENTRIES)} entries\n`);
  printTable(
    ["database", "figure", "value", "target", "met?"],
    results.flatMap(({ kind, figures }) =>
      figures instanceof Error
        ? [[kind, "(failed)", figures.message.split("\n")[0]!.slice(0, 120), "-", "NO"]]
        : figures.map((row) => [kind, row.figure, row.value, row.target, row.met]),
    ),
  );
}

try {
  await main();
} finally {
  clearTimeout(watchdog);
  await runCleanups();
}
