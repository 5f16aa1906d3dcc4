import {
  and,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  not,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db/client";
import { callDeadlineMs } from "@/lib/chat-api/retry";
import { auditEvents, auditEventUids, auditOperationOutcomes, operators } from "@/lib/db/schema";
import type { AuditEvent } from "./append";
import type { AuditFilter } from "@/lib/schemas/audit";

export const AUDIT_PAGE_SIZE = 50;

/** What a reader may see: everything, or only their own actions. */
export type AuditScope = { kind: "all" } | { kind: "own"; actorId: string };

/** A filter whose actor text is resolved to the emails it matches. */
export type ResolvedAuditFilter = Partial<Omit<AuditFilter, "actor">> & { actorEmails?: string[] };

/** How far apart the times of neighbouring entries can be, with several processes appending. */
const CLOCK_MARGIN = sql`interval '5 minutes'`;

/**
 * The sequence number where a time starts in the log, read through the time index. Times rise with
 * `seq` (up to the margin), so bounding `seq` too lets a date filter walk only its own stretch of
 * the log instead of every newer entry: the planner cannot know that the two go together.
 */
function firstSeqAtOrAfter(at: Date, upper = false): SQL {
  const from = upper ? sql`${at}::timestamptz + ${CLOCK_MARGIN}` : sql`${at}::timestamptz - ${CLOCK_MARGIN}`;
  // No entry at or after that time: no lower bound can hold, every upper bound does.
  return sql`coalesce((select ${auditEvents.seq} from ${auditEvents} where ${auditEvents.occurredAt} >= ${from} order by ${auditEvents.occurredAt} limit 1), 9223372036854775807)`;
}

/**
 * The actor field matches an operator's whole email or part of one (or of their name): the
 * operators table is small, so the part is turned into emails there, and the log is then read
 * through its (actor email, seq) index. A whole email also matches someone no longer an operator.
 */
export async function resolveAuditFilter(db: Database, filter: AuditFilter): Promise<ResolvedAuditFilter> {
  const { actor, ...rest } = filter;
  if (!actor) return rest;
  const pattern = `%${actor.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const matches = await db
    .select({ email: operators.email })
    .from(operators)
    .where(or(ilike(operators.email, pattern), ilike(operators.name, pattern)));
  return {
    ...rest,
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
 * `leadingSeq` is the sequence number of the index the page walks (the log's, the UID index's or the
 * outcome index's): the page's `before` and the date range's bounds go on it, so that the walk starts
 * and stops there.
 */
function auditConditions(
  filter: ResolvedAuditFilter,
  scope: AuditScope,
  leadingSeq: PgColumn,
  before: number | undefined,
): SQL | undefined {
  const conditions: SQL[] = rowsShown(filter);
  if (before) conditions.push(lt(leadingSeq, before));
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
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.from)
    conditions.push(gte(auditEvents.occurredAt, filter.from), gte(leadingSeq, firstSeqAtOrAfter(filter.from)));
  if (filter.to)
    conditions.push(lt(auditEvents.occurredAt, filter.to), lt(leadingSeq, firstSeqAtOrAfter(filter.to, true)));
  return and(...conditions);
}

export type AuditPage = { entries: AuditEvent[]; nextBefore: number | null };

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
    const query = db
      .select(getTableColumns(auditEvents))
      .from(auditEventUids)
      .innerJoin(auditEvents, eq(auditEvents.seq, auditEventUids.seq));
    const withOutcome = filter.outcome
      ? query.innerJoin(
          auditOperationOutcomes,
          and(eq(auditOperationOutcomes.seq, auditEventUids.seq), eq(auditOperationOutcomes.outcome, filter.outcome)),
        )
      : query;
    return withOutcome
      .where(and(eq(auditEventUids.uid, filter.uid), auditConditions(filter, scope, auditEventUids.seq, before)))
      .orderBy(desc(auditEventUids.seq))
      .limit(limit + 1);
  }
  if (filter.outcome) {
    return db
      .select(getTableColumns(auditEvents))
      .from(auditOperationOutcomes)
      .innerJoin(auditEvents, eq(auditEvents.seq, auditOperationOutcomes.seq))
      .where(
        and(
          eq(auditOperationOutcomes.outcome, filter.outcome),
          auditConditions(filter, scope, auditOperationOutcomes.seq, before),
        ),
      )
      .orderBy(desc(auditOperationOutcomes.seq))
      .limit(limit + 1);
  }
  return db
    .select()
    .from(auditEvents)
    .where(auditConditions(filter, scope, auditEvents.seq, before))
    .orderBy(desc(auditEvents.seq))
    .limit(limit + 1);
}

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
