import type { PGlite } from "@electric-sql/pglite";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { and, asc, desc, getTableColumns, gte, lt, sql } from "drizzle-orm";
import type { Pool } from "pg";
import { appendAuditEvent, withoutSecrets, type AuditEvent, type AuditEventInput } from "../lib/audit/append";
import { GENESIS_HASH, hashEntry, type AuditOutcome, type ChainedEntry } from "../lib/audit/chain";
import { auditExportStream } from "../lib/audit/export";
import { auditConditions, AUDIT_PAGE_SIZE, listAuditEvents, type AuditScope } from "../lib/audit/query";
import { verifyAuditChain } from "../lib/audit/verify";
import { closeDb, getDb, type Database } from "../lib/db/client";
import { auditEvents } from "../lib/db/schema";
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, type AuditFilter } from "../lib/schemas/audit";
import { createPostgresDatabase } from "../tests/support/console-server";
import { printTable } from "./lib/table";

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

type DatabaseKind = "pglite" | "postgres";

function wholeNumberEnv(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a whole number above 0 (got "${raw}").`);
  return Number(raw);
}

const ENTRIES = wholeNumberEnv("BENCH_ENTRIES", 1_000_000);
const WANTED = (process.env.BENCH_DATABASES ?? "pglite,postgres")
  .split(",")
  .map((kind) => kind.trim())
  .filter(Boolean);
for (const kind of WANTED) {
  if (kind !== "pglite" && kind !== "postgres") throw new Error(`BENCH_DATABASES: unknown database "${kind}".`);
}
// PGlite does not give all of its WebAssembly memory back when it closes: PostgreSQL runs first,
// so that its memory figures are its own.
const DATABASES = (["postgres", "pglite"] as const).filter((kind) => WANTED.includes(kind));
if (DATABASES.length === 0) throw new Error("BENCH_DATABASES names no database.");
const ANALYZE = process.env.BENCH_ANALYZE !== "0";
const EXPLAIN = process.env.BENCH_EXPLAIN ?? "missed";
if (!["missed", "all", "none"].includes(EXPLAIN)) throw new Error("BENCH_EXPLAIN must be missed, all or none.");
const TIMEOUT_MINUTES = wholeNumberEnv("BENCH_TIMEOUT_MINUTES", 40 * DATABASES.length);

const CONCURRENT_APPENDS = 5_000;
const IN_FLIGHT = 50;
const SEQUENTIAL_APPENDS = 1_000;
const APPEND_TIME_LIMIT_MS = 60_000;
const QUERIES = 200;
const QUERY_TIME_LIMIT_MS = 180_000;
const SCOPE: AuditScope = { kind: "all" };

const COLUMNS = Object.keys(getTableColumns(auditEvents)).length;
/** PostgreSQL takes at most 65,535 parameters a statement. */
const ROWS_PER_STATEMENT = Math.min(2_500, Math.floor(65_535 / COLUMNS));
const ROWS_PER_TRANSACTION = ROWS_PER_STATEMENT * 20;
const UID_POOL = 20_000;
const SPAN_MS = 90 * 86_400_000;

const TARGETS = {
  appendsPerSecond: { pglite: 500, postgres: 1_000 } as Record<DatabaseKind, number>,
  pageP95Ms: 50,
  exportPeakRssMb: 300,
  verifySeconds: 60,
};

const MB = 1024 * 1024;
const number = (value: number, digits = 0) =>
  value.toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const progress = (message: string) => process.stderr.write(`  ${message}\n`);
/** gc() without --expose-gc, so that memory figures do not depend on when V8 last collected. */
const collectGarbage: (() => void) | undefined = (() => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    v8.setFlagsFromString("--expose-gc");
    return vm.runInNewContext("gc") as () => void;
  } catch {
    return undefined;
  }
})();

// ---------------------------------------------------------------------------------------------
// Clean-up, also on time-out and Ctrl-C

const cleanups = new Set<() => Promise<void>>();

async function runCleanups(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    await cleanup().catch((error: unknown) => console.error("Clean-up failed:", error));
  }
}

function stopNow(message: string, code: number) {
  console.error(message);
  // Dropping the database ends its connections, whose errors no longer matter.
  process.on("uncaughtException", () => undefined);
  process.on("unhandledRejection", () => undefined);
  // A query may be stuck: the database is dropped with FORCE and the folder removed without closing it.
  const limit = new Promise((resolve) => setTimeout(resolve, 30_000).unref());
  void Promise.race([runCleanups(), limit]).finally(() => process.exit(code));
}

const watchdog = setTimeout(
  () => stopNow(`Stopped: the run took longer than BENCH_TIMEOUT_MINUTES (${TIMEOUT_MINUTES} min).`, 1),
  TIMEOUT_MINUTES * 60_000,
);
watchdog.unref();
process.once("SIGINT", () => stopNow("Interrupted.", 130));
process.once("SIGTERM", () => stopNow("Terminated.", 143));

// ---------------------------------------------------------------------------------------------
// Realistic entries

/** A small seeded generator, so that every run seeds the same mix. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Role = "admin" | "moderator" | "support" | "auditor";
type Operator = { id: string; email: string; role: Role; ips: string[]; userAgent: string };

const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
];
const OPERATOR_NAMES: Array<[string, Role]> = [
  ["ana.admin", "admin"],
  ["bruno.admin", "admin"],
  ["chloe.mod", "moderator"],
  ["dev.mod", "moderator"],
  ["emil.mod", "moderator"],
  ["farah.mod", "moderator"],
  ["goran.mod", "moderator"],
  ["hana.mod", "moderator"],
  ["ivan.support", "support"],
  ["jun.support", "support"],
  ["kofi.support", "support"],
  ["lea.auditor", "auditor"],
];
const OPERATORS: Operator[] = OPERATOR_NAMES.map(([name, role], index) => ({
  id: randomUUID(),
  email: `${name}@example.com`,
  role,
  ips: [`10.20.${index}.${10 + index}`, `192.0.2.${40 + index}`],
  userAgent: USER_AGENTS[index % USER_AGENTS.length]!,
}));
const STRANGER_EMAILS = Array.from({ length: 40 }, (_, index) => `unknown${index}@example.net`);
const REASONS = [
  null,
  null,
  "spam",
  "harassment",
  "scam links",
  "ban evasion",
  "requested by the user",
  "ticket #4821",
];
const TAGS = ["vip", "escalated", "refund", "spam-report", "follow-up", "billing", "verified", "watchlist"];

/** UIDs as the chat service has them; a few are far more often acted on than the rest. */
const uidAt = (index: number) => `user-${index.toString(36).padStart(4, "0")}`;

type Draft = Omit<ChainedEntry, "seq" | "id" | "occurredAt" | "prevHash">;

/**
 * Makes the entries of the log in order, as the console writes them: most operations are a
 * "requested" entry and, a few entries later, its completion with the same operationId.
 */
class LogGenerator {
  private readonly random = mulberry32(20_261_121);
  private readonly scheduled: Array<{ dueSeq: number; draft: Draft }> = [];
  private seq: number;
  private prevHash: string;
  private time: number;
  private readonly step: number;

  constructor(start: { seq: number; hash: string }, fromMs: number, toMs: number, count: number) {
    this.seq = start.seq;
    this.prevHash = start.hash;
    this.time = fromMs;
    this.step = (toMs - fromMs) / count;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private uid(): string {
    return uidAt(Math.floor(UID_POOL * this.random() ** 2));
  }

  private operator(roles: Role[]): Operator {
    return this.pick(OPERATORS.filter((operator) => roles.includes(operator.role)));
  }

  private draft(operator: Operator, action: string, outcome: AuditOutcome): Draft {
    return {
      operationId: randomUUID(),
      actorId: operator.id,
      actorEmail: operator.email,
      actorRole: operator.role,
      action,
      targetUid: null,
      onBehalfOf: null,
      reason: null,
      requestBody: null,
      outcome,
      httpStatus: null,
      errorCode: null,
      summary: null,
      durationMs: null,
      ip: this.pick(operator.ips),
      userAgent: operator.userAgent,
      requestId: randomUUID(),
    };
  }

  /** Logs "requested" now and its completion a few entries later (rarely never: outcome unknown). */
  private operation(requested: Draft, completion: Partial<Draft> & { outcome: AuditOutcome }): Draft {
    if (this.random() > 0.0005) {
      this.scheduled.push({
        dueSeq: this.seq + 2 + Math.floor(this.random() * 4),
        draft: { ...requested, ...completion, durationMs: 40 + Math.floor(this.random() * 1500) },
      });
    }
    return requested;
  }

  private blockOperation(): Draft {
    const unblock = this.random() < 0.25;
    const operator = this.operator(["admin", "moderator"]);
    const blocker = this.uid();
    const count = this.random() < 0.7 ? 1 : 2 + Math.floor(this.random() * 24);
    const uids = [...new Set(Array.from({ length: count }, () => this.uid()))].filter((uid) => uid !== blocker);
    if (uids.length === 0) uids.push(uidAt(UID_POOL - 1));
    const requested = {
      ...this.draft(operator, unblock ? "users.unblock" : "users.block", "requested"),
      targetUid: blocker,
      reason: this.pick(REASONS),
      requestBody: withoutSecrets({ blockedUids: uids }),
    };
    const roll = this.random();
    if (roll > 0.97) {
      return this.operation(requested, {
        outcome: "failed",
        errorCode: this.pick(["SERVICE_UNAVAILABLE", "RATE_LIMITED", "TIMEOUT"]),
        httpStatus: this.pick([503, 429, null]),
      });
    }
    const failing = roll > 0.92 ? Math.max(1, Math.floor(uids.length / 3)) : 0;
    const counts = { blocked: 0, already_blocked: 0, unblocked: 0, not_blocked: 0, failed: 0, unknown: 0 };
    const outcomes = Object.fromEntries(
      uids.map((uid, index) => {
        const kind =
          index < failing
            ? "failed"
            : unblock
              ? this.random() < 0.9
                ? "unblocked"
                : "not_blocked"
              : this.random() < 0.9
                ? "blocked"
                : "already_blocked";
        counts[kind] += 1;
        const message =
          kind === "failed"
            ? `The UID ${uid} does not exist.`
            : kind === "already_blocked"
              ? "Already blocked."
              : kind === "not_blocked"
                ? "The user is not blocked."
                : "";
        return [uid, { outcome: kind, message }];
      }),
    );
    const outcome: AuditOutcome = failing === 0 ? "succeeded" : failing === uids.length ? "failed" : "partial";
    return this.operation(requested, { outcome, httpStatus: 200, summary: { counts, outcomes } });
  }

  private tagsOperation(): Draft {
    const operator = this.operator(["admin", "moderator", "support"]);
    const uid = this.uid();
    const partner = this.uid();
    const tags = [...new Set([this.pick(TAGS), this.pick(TAGS)])];
    const requested = {
      ...this.draft(operator, "conversation.tags.update", "requested"),
      targetUid: uid,
      onBehalfOf: partner,
      reason: this.pick(REASONS),
      requestBody: withoutSecrets({ tags }),
    };
    if (this.random() < 0.03) {
      return this.operation(requested, { outcome: "failed", errorCode: "ERR_CONVERSATION_NOT_FOUND", httpStatus: 404 });
    }
    return this.operation(requested, {
      outcome: "succeeded",
      httpStatus: 200,
      summary: { conversationId: `${partner}_user_${uid}`, tagsBefore: [this.pick(TAGS)], tagsAfter: tags },
    });
  }

  private operatorOperation(): Draft {
    const operator = this.operator(["admin"]);
    const subject = this.pick(OPERATORS);
    const create = this.random() < 0.3;
    const role = this.pick(["support", "moderator", "auditor", "admin"]);
    const requested = {
      ...this.draft(operator, create ? "operator.create" : "operator.update", "requested"),
      requestBody: withoutSecrets(
        create
          ? { email: subject.email, name: subject.email.split("@")[0], role, password: "hidden" }
          : { id: subject.id, change: "role", role },
      ),
    };
    return this.operation(requested, {
      outcome: "succeeded",
      summary: {
        operator: { id: subject.id, email: subject.email },
        changes: { role: { old: create ? null : subject.role, new: role } },
      },
    });
  }

  private auditOperation(): Draft {
    const operator = this.operator(["admin", "auditor"]);
    if (this.random() < 0.6) {
      const requested = {
        ...this.draft(operator, "audit.export", "requested"),
        requestBody: { format: this.pick(["csv", "ndjson"]), filter: { action: this.pick(AUDIT_ACTIONS) } },
      };
      return this.operation(requested, {
        outcome: "succeeded",
        summary: { entries: Math.floor(this.random() * 50_000) },
      });
    }
    return this.operation(this.draft(operator, "audit.verify", "requested"), {
      outcome: "succeeded",
      summary: { checked: this.seq, head: { seq: this.seq, hash: this.prevHash } },
    });
  }

  private signInEvent(): Draft {
    const roll = this.random();
    const operator = this.pick(OPERATORS);
    if (roll < 0.6) return this.draft(operator, "auth.sign_in", "succeeded");
    if (roll < 0.9) return this.draft(operator, "auth.sign_out", "succeeded");
    const stranger = this.random() < 0.4;
    return {
      ...this.draft(operator, "auth.sign_in_failed", "failed"),
      actorId: stranger ? null : operator.id,
      actorEmail: stranger ? this.pick(STRANGER_EMAILS) : operator.email,
      actorRole: null,
      errorCode: this.pick(["INVALID_CREDENTIALS", "INVALID_CREDENTIALS", "LOCKED", "DISABLED"]),
    };
  }

  private forbiddenEvent(): Draft {
    const operator = this.operator(["support", "auditor"]);
    return {
      ...this.draft(operator, "users.block", "failed"),
      errorCode: "FORBIDDEN",
      requestBody: withoutSecrets({ blocker: this.uid(), uids: [this.uid()], reason: "spam" }),
    };
  }

  private nextDraft(): Draft {
    const due = this.scheduled.findIndex((item) => item.dueSeq <= this.seq + 1);
    if (due >= 0) return this.scheduled.splice(due, 1)[0]!.draft;
    const roll = this.random();
    if (roll < 0.42) return this.blockOperation();
    if (roll < 0.68) return this.tagsOperation();
    if (roll < 0.95) return this.signInEvent();
    if (roll < 0.97) return this.operatorOperation();
    if (roll < 0.99) return this.auditOperation();
    return this.forbiddenEvent();
  }

  /** The next entry, chained to the one before it exactly as append.ts chains it. */
  next(): AuditEvent {
    this.seq += 1;
    this.time += Math.floor(this.random() * 2 * this.step);
    const entry: ChainedEntry = {
      ...this.nextDraft(),
      seq: this.seq,
      id: randomUUID(),
      occurredAt: new Date(this.time),
      prevHash: this.prevHash,
    };
    const event = { ...entry, hash: hashEntry(entry) };
    this.prevHash = event.hash;
    return event;
  }
}

// ---------------------------------------------------------------------------------------------
// Measurements

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Samples the resident set size and heap every 50 ms until stopped. */
/**
 * Samples the resident set size and heap every 50 ms until stopped, and the longest wait between
 * two samples: PGlite runs queries without yielding to the event loop, so a loop of queries
 * holds up timers (and every other request of a console) until it awaits real I/O. `sample` can
 * also be called from within such a loop.
 */
function memorySampler() {
  collectGarbage?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let lastTick = performance.now();
  let longestStall = 0;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const tick = () => {
    const now = performance.now();
    longestStall = Math.max(longestStall, now - lastTick);
    lastTick = now;
    sample();
  };
  const timer = setInterval(tick, 50);
  return {
    sample,
    stop: () => {
      clearInterval(timer);
      tick();
      return {
        rssBeforeMb: before.rss / MB,
        heapBeforeMb: before.heapUsed / MB,
        peakRssMb: peakRss / MB,
        peakHeapMb: peakHeap / MB,
        longestStallMs: longestStall,
      };
    },
  };
}

/** Lets timers and signals in (the watchdog, Ctrl-C), which a loop of PGlite queries would keep out. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const DEADLINE = Date.now() + TIMEOUT_MINUTES * 60_000;
function checkDeadline() {
  if (Date.now() > DEADLINE)
    throw new Error(`The run took longer than BENCH_TIMEOUT_MINUTES (${TIMEOUT_MINUTES} min).`);
}

async function lastEntry(db: Database): Promise<{ seq: number; hash: string }> {
  const [last] = await db
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  return last ?? { seq: 0, hash: GENESIS_HASH };
}

/** A connection of the driver under drizzle: building 2,500-row inserts through drizzle costs more than running them. */
type RawConnection = { query: (text: string, params: unknown[]) => Promise<unknown>; release: () => void };

async function rawConnection(db: Database, kind: DatabaseKind): Promise<RawConnection> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (kind === "postgres") {
    const connection = await (client as Pool).connect();
    return { query: (text, params) => connection.query(text, params), release: () => connection.release() };
  }
  const pglite = client as PGlite;
  return { query: (text, params) => pglite.query(text, params), release: () => undefined };
}

const INSERT_COLUMNS = Object.entries(getTableColumns(auditEvents));

function insertStatement(rows: number): string {
  const names = INSERT_COLUMNS.map(([, column]) => `"${column.name}"`).join(", ");
  const tuples = Array.from(
    { length: rows },
    (_, row) => `(${INSERT_COLUMNS.map((_, column) => `$${row * COLUMNS + column + 1}`).join(", ")})`,
  );
  return `INSERT INTO "audit_events" (${names}) VALUES ${tuples.join(", ")}`;
}

/** The parameters as drizzle would send them (each column's own mapping: ISO time, JSON text). */
function insertParams(rows: AuditEvent[]): unknown[] {
  const params: unknown[] = [];
  for (const row of rows) {
    for (const [key, column] of INSERT_COLUMNS) {
      const value = (row as Record<string, unknown>)[key];
      params.push(value === null || value === undefined ? null : column.mapToDriverValue(value));
    }
  }
  return params;
}

/**
 * Fills the log to `count` more entries in bulk: multi-row INSERTs of ROWS_PER_STATEMENT rows,
 * ROWS_PER_TRANSACTION rows a transaction, each entry chained and hashed as append.ts does it.
 */
async function seed(db: Database, kind: DatabaseKind, count: number) {
  const start = await lastEntry(db);
  const now = Date.now();
  const generator = new LogGenerator(start, now - SPAN_MS, now - 10 * 60_000, count);
  const batch = (size: number) => Array.from({ length: size }, () => generator.next());
  const fullStatement = insertStatement(ROWS_PER_STATEMENT);
  const connection = await rawConnection(db, kind);
  const started = performance.now();
  let written = 0;
  try {
    let next = batch(Math.min(ROWS_PER_STATEMENT, count));
    while (written < count) {
      const inTransaction = Math.min(ROWS_PER_TRANSACTION, count - written);
      await connection.query("BEGIN", []);
      try {
        let done = 0;
        while (done < inTransaction) {
          const rows = next;
          const text = rows.length === ROWS_PER_STATEMENT ? fullStatement : insertStatement(rows.length);
          // The next statement's rows are made (and hashed) while the database writes these.
          const insert = connection.query(text, insertParams(rows));
          next = batch(Math.min(ROWS_PER_STATEMENT, count - written - done - rows.length));
          await insert;
          done += rows.length;
          await yieldToEventLoop();
        }
        await connection.query("COMMIT", []);
      } catch (error) {
        await connection.query("ROLLBACK", []).catch(() => undefined);
        throw error;
      }
      const before = written;
      written += inTransaction;
      if (Math.floor(written / 100_000) > Math.floor(before / 100_000) || written === count) {
        const seconds = (performance.now() - started) / 1000;
        progress(`seeded ${number(written)} / ${number(count)} (${number(written / seconds)} rows/s)`);
      }
    }
  } finally {
    connection.release();
  }
  return { rows: written, seconds: (performance.now() - started) / 1000 };
}

function appendInput(index: number): AuditEventInput {
  const operator = OPERATORS[2 + (index % 6)]!;
  return {
    operationId: randomUUID(),
    actor: { id: operator.id, email: operator.email, role: operator.role },
    action: "users.block",
    outcome: "requested",
    targetUid: uidAt(index % UID_POOL),
    reason: "spam",
    requestBody: { blockedUids: [uidAt((index * 7 + 1) % UID_POOL)] },
    ip: operator.ips[0],
    userAgent: operator.userAgent,
    requestId: randomUUID(),
  };
}

async function appendRun(total: number, inFlight: number) {
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  const deadline = started + APPEND_TIME_LIMIT_MS;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (issued < total && performance.now() < deadline) {
        const index = issued++;
        const t0 = performance.now();
        await appendAuditEvent(appendInput(index));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

const NO_FILTER: AuditFilter = {
  actor: undefined,
  action: undefined,
  targetUid: undefined,
  outcome: undefined,
  from: undefined,
  to: undefined,
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
    async () => ({ kind: "target UID", filter: filterOf({ targetUid: uid() }) }),
    async () => ({ kind: "action", filter: filterOf({ action: pick(AUDIT_ACTIONS) }) }),
    async () => ({ kind: "actor email", filter: filterOf({ actor: operatorEmail() }) }),
    async () => ({ kind: "outcome + dates", filter: filterOf({ outcome: pick(AUDIT_OUTCOMES), ...days() }) }),
    async () => ({ kind: "target UID + action", filter: filterOf({ targetUid: uid(), action: pick(blockLike) }) }),
    async () => ({ kind: "deep: no filter", filter: NO_FILTER, before: middle() }),
    async () => ({ kind: "deep: action", filter: filterOf({ action: pick(AUDIT_ACTIONS) }), before: middle() }),
    async () => ({ kind: "deep: actor email", filter: filterOf({ actor: operatorEmail() }), before: middle() }),
    async () => ({ kind: "deep: target UID", filter: filterOf({ targetUid: uid() }), before: middle() }),
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
function pageQuery(db: Database, query: PlannedQuery) {
  return db
    .select()
    .from(auditEvents)
    .where(and(auditConditions(query.filter, SCOPE), query.before ? lt(auditEvents.seq, query.before) : undefined))
    .orderBy(desc(auditEvents.seq))
    .limit(AUDIT_PAGE_SIZE + 1);
}

function describeQuery(query: PlannedQuery): string {
  const parts = Object.entries(query.filter)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${value instanceof Date ? value.toISOString().slice(0, 10) : String(value)}`);
  if (query.before) parts.push(`before=${query.before}`);
  return parts.join(" ") || "(no filter)";
}

async function measureQueries(db: Database, kind: DatabaseKind) {
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
    const query = pageQuery(db, row.slowest);
    const result = (await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${query.getSQL()}`)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    console.log(`\n${kind}: plan of the slowest "${row.name}" query (${describeQuery(row.slowest)}):`);
    for (const line of result.rows) console.log(`    ${String(Object.values(line)[0])}`);
  }
  return { count: timed.length, p50: percentile(all, 0.5), p95: percentile(all, 0.95), p99: percentile(all, 0.99) };
}

async function measureExport(db: Database) {
  const sampler = memorySampler();
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let exported = 0;
  let nextReport = 100_000;
  const reader = auditExportStream(db, NO_FILTER, SCOPE, "csv", async ({ count, error }) => {
    exported = count;
    if (error) throw error;
  }).getReader();
  for (;;) {
    // As an HTTP response would, between chunks: the socket's writes give the event loop a turn.
    await yieldToEventLoop();
    const { done, value } = await reader.read();
    if (done) break;
    sampler.sample();
    bytes += value.byteLength;
    for (let at = value.indexOf(10); at >= 0; at = value.indexOf(10, at + 1)) lines += 1;
    if (lines >= nextReport) {
      progress(`${number(lines)} lines exported...`);
      nextReport += 100_000;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, bytes, lines, entries: exported, memory: sampler.stop() };
}

async function measureVerify(db: Database) {
  const sampler = memorySampler();
  // verifyAuditChain does not yield between its batches: memory and the deadline are checked after each one.
  const result = await verifyAuditChain(db, (checked) => {
    sampler.sample();
    checkDeadline();
    if (checked % 100_000 === 0) progress(`${number(checked)} entries verified...`);
  });
  return { result, memory: sampler.stop() };
}

// ---------------------------------------------------------------------------------------------
// One database

type Figure = { figure: string; value: string; target: string; met: string };

function configureEnv(dataDir: string, databaseUrl: string | undefined) {
  process.env.DATA_DIR = dataDir;
  process.env.CHAT_API_KEY = "bench-audit-key";
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  // getEnv() caches the configuration of the first database run on globalThis.
  (globalThis as { __moderatorConsoleEnv?: unknown }).__moderatorConsoleEnv = undefined;
}

const yesNo = (met: boolean) => (met ? "yes" : "NO");

async function benchDatabase(kind: DatabaseKind): Promise<Figure[]> {
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
