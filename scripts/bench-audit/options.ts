import type { AuditScope } from "../../lib/audit/query";

/** What a run measures and against which targets: BENCH_* settings, read once. */

export type DatabaseKind = "pglite" | "postgres";

function wholeNumberEnv(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a whole number above 0 (got "${raw}").`);
  return Number(raw);
}

export const ENTRIES = wholeNumberEnv("BENCH_ENTRIES", 1_000_000);
const WANTED = (process.env.BENCH_DATABASES ?? "pglite,postgres")
  .split(",")
  .map((kind) => kind.trim())
  .filter(Boolean);
for (const kind of WANTED) {
  if (kind !== "pglite" && kind !== "postgres") throw new Error(`BENCH_DATABASES: unknown database "${kind}".`);
}
// PostgreSQL runs first, so that its memory figures are not those of a process whose allocator
// already grew for PGlite's seeding.
export const DATABASES = (["postgres", "pglite"] as const).filter((kind) => WANTED.includes(kind));
if (DATABASES.length === 0) throw new Error("BENCH_DATABASES names no database.");
export const ANALYZE = process.env.BENCH_ANALYZE !== "0";
export const EXPLAIN = process.env.BENCH_EXPLAIN ?? "missed";
if (!["missed", "all", "none"].includes(EXPLAIN)) throw new Error("BENCH_EXPLAIN must be missed, all or none.");
export const TIMEOUT_MINUTES = wholeNumberEnv("BENCH_TIMEOUT_MINUTES", 40 * DATABASES.length);

export const CONCURRENT_APPENDS = 5_000;
export const IN_FLIGHT = 50;
export const SEQUENTIAL_APPENDS = 1_000;
export const APPEND_TIME_LIMIT_MS = 60_000;
export const QUERIES = 200;
export const QUERY_TIME_LIMIT_MS = 180_000;
export const SCOPE: AuditScope = { kind: "all" };

export const TARGETS = {
  appendsPerSecond: { pglite: 500, postgres: 1_000 } as Record<DatabaseKind, number>,
  pageP95Ms: 50,
  exportPeakRssMb: 300,
  verifySeconds: 60,
};

export const MB = 1024 * 1024;
export const number = (value: number, digits = 0) =>
  value.toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const progress = (message: string) => process.stderr.write(`  ${message}\n`);
