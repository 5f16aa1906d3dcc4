import { asc, desc, gte, sql, type SQL } from "drizzle-orm";
import { AUDIT_PAGE_SIZE, auditPageQuery, listAuditEvents, resolveAuditFilter } from "../../lib/audit/query";
import type { Database } from "../../lib/db/client";
import { auditEvents } from "../../lib/db/schema";
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from "../../lib/audit/vocabulary";
import type { AuditFilter } from "../../lib/audit/schemas";
import { printTable } from "../lib/table";
import { mulberry32, OPERATORS, STRANGER_EMAILS, UID_POOL, uidAt } from "./fixtures";
import { EXPLAIN, QUERIES, QUERY_TIME_LIMIT_MS, SCOPE, TARGETS, type DatabaseKind } from "./options";
import { percentile, yieldToEventLoop } from "./sampling";

export const NO_FILTER: AuditFilter = {
  actor: undefined,
  role: undefined,
  action: undefined,
  uid: undefined,
  outcome: undefined,
  from: undefined,
  to: undefined,
  calls: undefined,
  job: undefined,
};
const filterOf = (part: Partial<AuditFilter>): AuditFilter => ({ ...NO_FILTER, ...part });

type PlannedQuery = { kind: string; filter: AuditFilter; before?: number };
type TimedQuery = PlannedQuery & { ms: number; rows: number };

/** The mix of filters an auditor uses, deep pages included; cursors are found before timing starts. */
async function planQueries(db: Database): Promise<PlannedQuery[]> {
  const random = mulberry32(7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const uid = () => uidAt(Math.floor(UID_POOL * random() ** 2));
  const [first] = await db.select().from(auditEvents).orderBy(asc(auditEvents.occurredAt)).limit(1);
  const [last] = await db.select().from(auditEvents).orderBy(desc(auditEvents.seq)).limit(1);
  if (!first || !last) throw new Error("The log is empty.");
  const day = 86_400_000;
  const firstDay = Math.floor(first.occurredAt.getTime() / day);
  const lastDay = Math.floor(last.occurredAt.getTime() / day);
  /** Whole UTC days, as the page's From and To give them. */
  const days = () => {
    const length = 1 + Math.floor(random() * 14);
    const from = firstDay + Math.floor(random() * Math.max(1, lastDay - firstDay - length + 1));
    return { from: new Date(from * day), to: new Date((from + length) * day) };
  };
  const middle = () => Math.floor(last.seq / 2) + Math.floor(random() * 1000);
  const operatorEmail = () => (random() < 0.95 ? pick(OPERATORS).email : pick(STRANGER_EMAILS));
  const blockLike = ["users.block", "users.unblock", "conversation.tags.update"] as const;

  const kinds: Array<() => Promise<PlannedQuery>> = [
    async () => ({ kind: "UID", filter: filterOf({ uid: uid() }) }),
    async () => ({ kind: "action", filter: filterOf({ action: pick(AUDIT_ACTIONS) }) }),
    async () => ({ kind: "actor email", filter: filterOf({ actor: operatorEmail() }) }),
    async () => ({ kind: "UID: calls alone", filter: filterOf({ uid: uid(), calls: "only" }) }),
    async () => ({ kind: "UID + outcome", filter: filterOf({ uid: uid(), outcome: pick(AUDIT_OUTCOMES) }) }),
    async () => ({ kind: "outcome + dates", filter: filterOf({ outcome: pick(AUDIT_OUTCOMES), ...days() }) }),
    async () => ({ kind: "UID + action", filter: filterOf({ uid: uid(), action: pick(blockLike) }) }),
    async () => ({ kind: "deep: no filter", filter: NO_FILTER, before: middle() }),
    async () => ({ kind: "deep: action", filter: filterOf({ action: pick(AUDIT_ACTIONS) }), before: middle() }),
    async () => ({ kind: "deep: actor email", filter: filterOf({ actor: operatorEmail() }), before: middle() }),
    async () => ({ kind: "deep: UID", filter: filterOf({ uid: uid() }), before: middle() }),
    async () => {
      // A deep page of a date range: the cursor is halfway through the range, as paging would reach it.
      const range = days();
      const halfway = new Date((range.from.getTime() + range.to.getTime()) / 2);
      const [at] = await db
        .select({ seq: auditEvents.seq })
        .from(auditEvents)
        .where(gte(auditEvents.occurredAt, halfway))
        .orderBy(asc(auditEvents.occurredAt))
        .limit(1);
      return {
        kind: "deep: outcome + dates",
        filter: filterOf({ outcome: pick(AUDIT_OUTCOMES), ...range }),
        before: at?.seq ?? middle(),
      };
    },
  ];
  const planned: PlannedQuery[] = [];
  for (let index = 0; index < QUERIES + kinds.length; index += 1) planned.push(await kinds[index % kinds.length]!());
  return planned;
}

/** The very statement listAuditEvents runs, for EXPLAIN. */
async function pageQuery(db: Database, query: PlannedQuery): Promise<SQL> {
  return auditPageQuery(db, await resolveAuditFilter(db, query.filter), SCOPE, query.before).getSQL();
}

function describeQuery(query: PlannedQuery): string {
  const parts = Object.entries(query.filter)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${value instanceof Date ? value.toISOString().slice(0, 10) : String(value)}`);
  if (query.before) parts.push(`before=${query.before}`);
  return parts.join(" ") || "(no filter)";
}

export async function measureQueries(db: Database, kind: DatabaseKind) {
  const planned = await planQueries(db);
  const kinds = [...new Set(planned.map((query) => query.kind))];
  // One query of each kind first, untimed: plans and catalogues are cached as in a running console.
  for (const query of planned.slice(0, kinds.length)) {
    await listAuditEvents(db, query.filter, SCOPE, { before: query.before });
  }
  const timed: TimedQuery[] = [];
  const deadline = performance.now() + QUERY_TIME_LIMIT_MS;
  for (const query of planned.slice(kinds.length)) {
    if (performance.now() > deadline) break;
    await yieldToEventLoop();
    const t0 = performance.now();
    const page = await listAuditEvents(db, query.filter, SCOPE, { before: query.before });
    timed.push({ ...query, ms: performance.now() - t0, rows: page.entries.length });
  }
  const all = timed.map((query) => query.ms).sort((a, b) => a - b);
  const byKind = kinds.map((name) => {
    const ofKind = timed.filter((query) => query.kind === name);
    const ms = ofKind.map((query) => query.ms).sort((a, b) => a - b);
    const slowest = ofKind.reduce<TimedQuery | undefined>(
      (worst, query) => (!worst || query.ms > worst.ms ? query : worst),
      undefined,
    );
    return {
      name,
      count: ms.length,
      p50: percentile(ms, 0.5),
      p95: percentile(ms, 0.95),
      max: ms[ms.length - 1] ?? 0,
      rows: ofKind.reduce((sum, query) => sum + query.rows, 0) / Math.max(1, ofKind.length),
      slowest,
    };
  });
  console.log(
    `\n${kind}: page of ${AUDIT_PAGE_SIZE} entries, newest first, by filter (${timed.length} timed queries)\n`,
  );
  printTable(
    ["filter", "queries", "p50 ms", "p95 ms", "max ms", "rows/page", "slowest"],
    byKind.map((row) => [
      row.name,
      String(row.count),
      row.p50.toFixed(1),
      row.p95.toFixed(1),
      row.max.toFixed(1),
      row.rows.toFixed(1),
      row.slowest ? describeQuery(row.slowest) : "",
    ]),
  );
  // Where a kind of filter misses the target, its slowest query's plan says why (BENCH_EXPLAIN=all: every kind).
  for (const row of byKind) {
    if (!row.slowest || EXPLAIN === "none" || (EXPLAIN === "missed" && row.p95 <= TARGETS.pageP95Ms)) continue;
    const query = await pageQuery(db, row.slowest);
    const result = (await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    console.log(`\n${kind}: plan of the slowest "${row.name}" query (${describeQuery(row.slowest)}):`);
    for (const line of result.rows) console.log(`    ${String(Object.values(line)[0])}`);
  }
  return { count: timed.length, p50: percentile(all, 0.5), p95: percentile(all, 0.95), p99: percentile(all, 0.99) };
}
