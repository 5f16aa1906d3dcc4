import { and, desc, eq, gte, ilike, inArray, isNull, lt, ne, not, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db/client";
import { callDeadlineMs } from "@/lib/chat-api/retry";
import { auditEvents, auditEventUids, auditOperationOutcomes, operators } from "@/lib/db/schema";
import type { AuditEvent } from "./append";
import type { AuditFilter } from "@/lib/audit/schemas";

export const AUDIT_PAGE_SIZE = 50;

/** What a reader may see: everything, or only their own actions. */
export type AuditScope = { kind: "all" } | { kind: "own"; actorId: string };

/**
 * A filter made ready for the page's statement: the actor text turned into the emails it matches,
 * and each date bound into the sequence number where that time starts in the log.
 */
export type ResolvedAuditFilter = Partial<Omit<AuditFilter, "actor">> & {
  actorEmails?: string[];
  fromSeq?: number;
  toSeq?: number;
};

/** How far apart the times of neighbouring entries can be, with several processes appending. */
const CLOCK_MARGIN_MS = 5 * 60_000;
/** Past every entry: no entry is at or after the time asked for. */
const PAST_THE_END = Number.MAX_SAFE_INTEGER;

/**
 * The sequence number where a time starts in the log (less the margin), read through the time
 * index. Times rise with `seq` (up to the margin), so bounding `seq` too lets a date filter walk only
 * its own stretch of whichever index leads. It is looked up before the page's statement and given to
 * it as a value: the planner then knows how long that stretch is, where a sub-select would leave it
 * guessing (and, for an outcome, reading the whole range into a hash join).
 */
async function firstSeqAtOrAfter(db: Database, at: Date): Promise<number> {
  const [row] = await db
    .select({ seq: auditEvents.seq })
    .from(auditEvents)
    .where(gte(auditEvents.occurredAt, at))
    .orderBy(auditEvents.occurredAt)
    .limit(1);
  return row?.seq ?? PAST_THE_END;
}

async function resolveDates(
  db: Database,
  filter: AuditFilter,
): Promise<Pick<ResolvedAuditFilter, "fromSeq" | "toSeq">> {
  const [fromSeq, toSeq] = await Promise.all([
    filter.from && firstSeqAtOrAfter(db, new Date(filter.from.getTime() - CLOCK_MARGIN_MS)),
    filter.to && firstSeqAtOrAfter(db, new Date(filter.to.getTime() + CLOCK_MARGIN_MS)),
  ]);
  return { ...(fromSeq ? { fromSeq } : {}), ...(toSeq ? { toSeq } : {}) };
}

/**
 * The actor field matches an operator's whole email or part of one (or of their name): the
 * operators table is small, so the part is turned into emails there, and the log is then read
 * through its (actor email, seq) index. A whole email also matches someone no longer an operator.
 */
export async function resolveAuditFilter(db: Database, filter: AuditFilter): Promise<ResolvedAuditFilter> {
  const { actor, ...rest } = filter;
  const dates = await resolveDates(db, filter);
  if (!actor) return { ...rest, ...dates };
  const pattern = `%${actor.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const matches = await db
    .select({ email: operators.email })
    .from(operators)
    .where(or(ilike(operators.email, pattern), ilike(operators.name, pattern)));
  return {
    ...rest,
    ...dates,
    actorEmails: [...new Set([...matches.map((row) => row.email), ...(actor.includes("@") ? [actor] : [])])],
  };
}

/** Which entries stand for an operation in the table: first entries, with a job's calls folded under it. */
function rowsShown(filter: ResolvedAuditFilter): SQL[] {
  if (filter.job) return [eq(auditEvents.parentOperationId, filter.job), not(auditEvents.completesOperation)];
  if (filter.calls === "only" || filter.action === "incident.job.call")
    return [eq(auditEvents.action, "incident.job.call"), not(auditEvents.completesOperation)];
  return [not(auditEvents.completesOperation), isNull(auditEvents.parentOperationId)];
}

/**
 * The UID index's share of the conditions: its rows carry the entry's action and whether it is a row
 * of the table, so that the walk reads only the rows the page can show (the rest of rowsShown is then
 * already true of them).
 */
function uidIndexConditions(uid: string, filter: ResolvedAuditFilter): SQL[] {
  const conditions = [eq(auditEventUids.uid, uid)];
  if (filter.job) return conditions;
  if (filter.calls === "only" || filter.action === "incident.job.call")
    conditions.push(eq(auditEventUids.action, "incident.job.call"));
  else conditions.push(eq(auditEventUids.listed, true));
  if (filter.action) conditions.push(eq(auditEventUids.action, filter.action));
  return conditions;
}

/** The page's window on the log: before the cursor, inside the date range. On whichever seq leads the walk. */
function seqBounds(filter: ResolvedAuditFilter, seq: PgColumn, before: number | undefined): SQL[] {
  const bounds: SQL[] = [];
  if (before) bounds.push(lt(seq, before));
  if (filter.fromSeq !== undefined) bounds.push(gte(seq, filter.fromSeq));
  if (filter.toSeq !== undefined) bounds.push(lt(seq, filter.toSeq));
  return bounds;
}

/** What an entry itself must be to be on the page, beside the index that found it. */
function entryConditions(filter: ResolvedAuditFilter, scope: AuditScope): SQL[] {
  const conditions: SQL[] = rowsShown(filter);
  if (scope.kind === "own") conditions.push(eq(auditEvents.actorId, scope.actorId));
  if (filter.actorEmails) {
    conditions.push(
      filter.actorEmails.length === 1
        ? eq(auditEvents.actorEmail, filter.actorEmails[0]!)
        : filter.actorEmails.length > 0
          ? inArray(auditEvents.actorEmail, filter.actorEmails)
          : sql`false`,
    );
  }
  if (filter.role) conditions.push(eq(auditEvents.actorRole, filter.role));
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.from) conditions.push(gte(auditEvents.occurredAt, filter.from));
  if (filter.to) conditions.push(lt(auditEvents.occurredAt, filter.to));
  return conditions;
}

/**
 * A page led by an index (the UID's or the outcome's): walk that index newest first inside the
 * page's window, and look up each entry it names, until the page is full. The look-up is a lateral
 * subquery of its own, so the plan is always that walk: the planner cannot see that
 * times rise with seq, and left to itself it misjudges how many entries of a date range match and
 * reads the whole range to sort it (measured at 1M entries: 114-525 ms a page instead of a few).
 */
function indexLedPage(
  db: Database,
  leading: { seq: PgColumn; table: typeof auditEventUids | typeof auditOperationOutcomes; conditions: SQL[] },
  filter: ResolvedAuditFilter,
  scope: AuditScope,
  before: number | undefined,
  limit: number,
) {
  const walk = db
    .select({ seq: sql<number>`${leading.seq}`.as("leading_seq") })
    .from(leading.table)
    .where(and(...leading.conditions, ...seqBounds(filter, leading.seq, before)))
    .orderBy(desc(leading.seq))
    .as("leading");
  const alsoOutcome =
    filter.uid && filter.outcome
      ? [
          sql`exists (select 1 from ${auditOperationOutcomes} where ${auditOperationOutcomes.seq} = ${walk.seq} and ${auditOperationOutcomes.outcome} = ${filter.outcome})`,
        ]
      : [];
  const entry = db
    .select()
    .from(auditEvents)
    .where(and(sql`${auditEvents.seq} = ${walk.seq}`, ...entryConditions(filter, scope), ...alsoOutcome))
    // One entry a seq: the limit says so, and keeps the look-up a subquery of its own (not pulled up
    // into a join the planner would reorder).
    .limit(1)
    .as("entry");
  return db
    .select(entry._.selectedFields)
    .from(walk)
    .innerJoinLateral(entry, sql`true`)
    .orderBy(desc(walk.seq))
    .limit(limit + 1);
}

/** The statement of one page: the most selective index leads, newest first, joined to the log. */
export function auditPageQuery(
  db: Database,
  filter: ResolvedAuditFilter,
  scope: AuditScope,
  before?: number,
  limit = AUDIT_PAGE_SIZE,
) {
  // The UID's index, else the outcome's, else the log's own.
  if (filter.uid) {
    const leading = {
      seq: auditEventUids.seq,
      table: auditEventUids,
      conditions: uidIndexConditions(filter.uid, filter),
    };
    return indexLedPage(db, leading, filter, scope, before, limit);
  }
  if (filter.outcome) {
    const conditions = [eq(auditOperationOutcomes.outcome, filter.outcome)];
    const leading = { seq: auditOperationOutcomes.seq, table: auditOperationOutcomes, conditions };
    return indexLedPage(db, leading, filter, scope, before, limit);
  }
  return db
    .select()
    .from(auditEvents)
    .where(and(...entryConditions(filter, scope), ...seqBounds(filter, auditEvents.seq, before)))
    .orderBy(desc(auditEvents.seq))
    .limit(limit + 1);
}

export type AuditPage = { entries: AuditEvent[]; nextBefore: number | null };

/**
 * One page of the log's operations, newest first. Pages are keyed by `seq` (`before`), not by
 * offset, so a page deep in a large log costs what the first one does.
 */
export async function listAuditEvents(
  db: Database,
  filter: AuditFilter | ResolvedAuditFilter,
  scope: AuditScope,
  options: { before?: number; limit?: number } = {},
): Promise<AuditPage> {
  const limit = options.limit ?? AUDIT_PAGE_SIZE;
  const resolved = "actor" in filter ? await resolveAuditFilter(db, filter) : filter;
  const rows = (await auditPageQuery(db, resolved, scope, options.before, limit)) as AuditEvent[];
  const entries = rows.slice(0, limit);
  return { entries, nextBefore: rows.length > limit ? entries[entries.length - 1]!.seq : null };
}

export async function getAuditEvent(db: Database, id: string): Promise<AuditEvent | undefined> {
  const [row] = await db.select().from(auditEvents).where(eq(auditEvents.id, id)).limit(1);
  return row as AuditEvent | undefined;
}

/** Both entries of an operation (requested, then completed), in order. */
export async function operationEntries(db: Database, operationId: string): Promise<AuditEvent[]> {
  return (await db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.operationId, operationId))
    .orderBy(auditEvents.seq)) as AuditEvent[];
}

/** Every UID an operation affected, from the UID index, keyed by the seq of its first entry. */
export async function affectedUidsOf(db: Database, seq: number): Promise<string[]> {
  const rows = await db.select({ uid: auditEventUids.uid }).from(auditEventUids).where(eq(auditEventUids.seq, seq));
  return rows.map((row) => row.uid).sort();
}

/** The completion of each of these operations that has one, by operation id. */
export async function completionsOf(db: Database, operationIds: string[]): Promise<Map<string, AuditEvent>> {
  if (operationIds.length === 0) return new Map();
  const rows = (await db
    .select()
    .from(auditEvents)
    .where(and(inArray(auditEvents.operationId, operationIds), ne(auditEvents.outcome, "requested")))) as AuditEvent[];
  return new Map(rows.map((row) => [row.operationId, row]));
}

/** How many calls ran under each of these operations (incident jobs), by operation id. */
export async function callCountsOf(db: Database, operationIds: string[]): Promise<Map<string, number>> {
  if (operationIds.length === 0) return new Map();
  const rows = await db
    .select({ parent: auditEvents.parentOperationId, calls: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(and(inArray(auditEvents.parentOperationId, operationIds), not(auditEvents.completesOperation)))
    .groupBy(auditEvents.parentOperationId);
  return new Map(rows.map((row) => [row.parent!, row.calls]));
}

/** A "requested" entry with no completion whose call cannot still be running: nobody knows what the chat service did. */
export function isOutcomeUnknown(
  entry: AuditEvent,
  completion: AuditEvent | undefined,
  timeoutMs: number,
  now = Date.now(),
): boolean {
  if (entry.outcome !== "requested" || completion) return false;
  return now - entry.occurredAt.getTime() > callDeadlineMs(timeoutMs);
}
