import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { closeDb, getDb } from "../../lib/db/client";
import { createPostgresDatabase } from "../../tests/support/console-server";
import { printTable } from "../lib/table";
import { appendRun } from "./appends";
import {
  ANALYZE,
  CONCURRENT_APPENDS,
  ENTRIES,
  IN_FLIGHT,
  MB,
  number,
  progress,
  QUERIES,
  SEQUENTIAL_APPENDS,
  TARGETS,
  type DatabaseKind,
} from "./options";
import { measureQueries } from "./queries";
import { cleanups } from "./run-control";
import { collectGarbage } from "./sampling";
import { ROWS_PER_STATEMENT, seed } from "./seed";
import { measureExport, measureVerify } from "./whole-log";

export type Figure = { figure: string; value: string; target: string; met: string };

function configureEnv(dataDir: string, databaseUrl: string | undefined) {
  process.env.DATA_DIR = dataDir;
  process.env.CHAT_API_KEY = "bench-audit-key";
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  // getEnv() caches the configuration of the first database run on globalThis.
  (globalThis as { __moderatorConsoleEnv?: unknown }).__moderatorConsoleEnv = undefined;
}

const yesNo = (met: boolean) => (met ? "yes" : "NO");

export async function benchDatabase(kind: DatabaseKind): Promise<Figure[]> {
  console.log(`\n=== ${kind}: ${number(ENTRIES)} entries ===`);
  const loadAtStart = loadavg()[0]!;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-audit-"));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  cleanups.add(removeDir);
  let dropDatabase: (() => Promise<void>) | undefined;
  try {
    if (kind === "postgres") {
      const database = await createPostgresDatabase();
      dropDatabase = database.drop;
      cleanups.add(dropDatabase);
      progress(`throwaway database ${new URL(database.url).pathname.slice(1)}, data folder ${dataDir}`);
      configureEnv(dataDir, database.url);
    } else {
      progress(`data folder ${dataDir}`);
      configureEnv(dataDir, undefined);
    }
    let db = await getDb();

    progress(`seeding ${number(ENTRIES)} entries, ${ROWS_PER_STATEMENT} rows a statement...`);
    const seeded = await seed(db, kind, ENTRIES);
    let analyzeSeconds: number | undefined;
    if (ANALYZE) {
      const t0 = performance.now();
      await db.execute(sql`ANALYZE audit_events`);
      analyzeSeconds = (performance.now() - t0) / 1000;
    }

    progress(
      `appends: ${number(CONCURRENT_APPENDS)} with ${IN_FLIGHT} in flight, then ${number(SEQUENTIAL_APPENDS)} one at a time...`,
    );
    await appendRun(100, IN_FLIGHT); // warm-up
    const concurrent = await appendRun(CONCURRENT_APPENDS, IN_FLIGHT);
    const sequential = await appendRun(SEQUENTIAL_APPENDS, 1);

    // PGlite lives in this process: the reading phases start as a console restarted on this log
    // would, without the WebAssembly memory that bulk seeding grew.
    if (kind === "pglite") {
      await closeDb();
      collectGarbage?.();
      db = await getDb();
    }

    progress(`pages: ${QUERIES} filtered queries...`);
    const pages = await measureQueries(db, kind);

    progress("export of the whole log as CSV...");
    const exported = await measureExport(db);

    progress("verification of the whole chain...");
    const verified = await measureVerify(db);
    const verifySeconds = verified.result.durationMs / 1000;
    if (!verified.result.intact) {
      console.error(`${kind}: the chain is NOT intact: ${JSON.stringify(verified.result.firstBreak)}`);
      process.exitCode = 1;
    }
    const intactAndComplete = verified.result.intact && verified.result.checked >= ENTRIES;

    const appendTarget = TARGETS.appendsPerSecond[kind];
    const figures: Figure[] = [
      {
        figure: `appends/s, ${IN_FLIGHT} in flight`,
        value: `${number(concurrent.perSecond)} (${number(concurrent.count)} in ${concurrent.seconds.toFixed(1)} s; p50 ${concurrent.p50.toFixed(1)} ms, p99 ${concurrent.p99.toFixed(1)} ms)`,
        target: `>= ${number(appendTarget)}`,
        met: yesNo(concurrent.perSecond >= appendTarget),
      },
      {
        figure: "appends/s, 1 in flight",
        value: `${number(sequential.perSecond)} (${number(sequential.count)} in ${sequential.seconds.toFixed(1)} s; p50 ${sequential.p50.toFixed(1)} ms, p99 ${sequential.p99.toFixed(1)} ms)`,
        target: "-",
        met: "-",
      },
      {
        figure: "seeding (bulk, valid chain)",
        value: `${number(seeded.rows)} rows in ${seeded.seconds.toFixed(1)} s = ${number(seeded.rows / seeded.seconds)} rows/s${analyzeSeconds === undefined ? ", no ANALYZE" : `; ANALYZE ${analyzeSeconds.toFixed(1)} s`}`,
        target: "-",
        met: "-",
      },
      { figure: "page p50 ms", value: pages.p50.toFixed(1), target: "-", met: "-" },
      {
        figure: "page p95 ms",
        value: `${pages.p95.toFixed(1)} (${pages.count} queries)`,
        target: `<= ${TARGETS.pageP95Ms}`,
        met: yesNo(pages.p95 <= TARGETS.pageP95Ms),
      },
      { figure: "page p99 ms", value: pages.p99.toFixed(1), target: "-", met: "-" },
      {
        figure: "export CSV seconds",
        value: `${exported.seconds.toFixed(1)} (${number(exported.entries)} entries, ${number(exported.lines)} lines, ${number(exported.bytes / MB, 1)} MB)`,
        target: "-",
        met: "-",
      },
      {
        figure: "export peak RSS MB",
        value: `${number(exported.memory.peakRssMb)} (before ${number(exported.memory.rssBeforeMb)}, +${number(exported.memory.peakRssMb - exported.memory.rssBeforeMb)}; heap ${number(exported.memory.heapBeforeMb)} -> peak ${number(exported.memory.peakHeapMb)}); event loop held up to ${number(exported.memory.longestStallMs)} ms`,
        target: `< ${TARGETS.exportPeakRssMb}`,
        met: yesNo(exported.memory.peakRssMb < TARGETS.exportPeakRssMb),
      },
      {
        figure: "verify seconds",
        value: `${verifySeconds.toFixed(1)} (${number(verified.result.checked)} entries, ${verified.result.intact ? "intact" : "NOT INTACT"})`,
        target: `<= ${TARGETS.verifySeconds}, intact, >= ${number(ENTRIES)}`,
        met: yesNo(intactAndComplete && verifySeconds <= TARGETS.verifySeconds),
      },
      {
        figure: "verify peak RSS MB",
        value: `${number(verified.memory.peakRssMb)} (before ${number(verified.memory.rssBeforeMb)}); event loop held up to ${number(verified.memory.longestStallMs)} ms`,
        target: "-",
        met: "-",
      },
      {
        figure: "machine load (1 min average)",
        value: `${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end`,
        target: "-",
        met: "-",
      },
    ];
    console.log(`\n${kind}: the action log at ${number(verified.result.checked)} entries\n`);
    printTable(
      ["figure", "value", "target", "met?"],
      figures.map((row) => [row.figure, row.value, row.target, row.met]),
    );
    return figures;
  } finally {
    await closeDb().catch((error: unknown) => console.error("Closing the database failed:", error));
    if (dropDatabase) {
      cleanups.delete(dropDatabase);
      await dropDatabase().catch((error: unknown) => console.error(`Dropping the ${kind} database failed:`, error));
    }
    cleanups.delete(removeDir);
    await removeDir();
  }
}
