import { and, desc, eq, gte, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import type { AuditEvent } from "./append";
import type { AuditFilter } from "@/lib/schemas/audit";

export const AUDIT_PAGE_SIZE = 50;

/** What a reader may see: everything, or only their own actions. */
export type AuditScope = { kind: "all" } | { kind: "own"; actorId: string };

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

export function auditConditions(filter: AuditFilter, scope: AuditScope): SQL | undefined {
  const conditions: SQL[] = [];
  if (scope.kind === "own") conditions.push(eq(auditEvents.actorId, scope.actorId));
  if (filter.actor) conditions.push(eq(auditEvents.actorEmail, filter.actor));
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.targetUid) conditions.push(eq(auditEvents.targetUid, filter.targetUid));
  if (filter.outcome) conditions.push(eq(auditEvents.outcome, filter.outcome));
  if (filter.from)
    conditions.push(gte(auditEvents.occurredAt, filter.from), gte(auditEvents.seq, firstSeqAtOrAfter(filter.from)));
  if (filter.to)
    conditions.push(lt(auditEvents.occurredAt, filter.to), lt(auditEvents.seq, firstSeqAtOrAfter(filter.to, true)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export type AuditPage = { entries: AuditEvent[]; nextBefore: number | null };

/**
 * One page of the log, newest first. Pages are keyed by `seq` (`before`), not by offset, so a page
 * deep in a large log costs what the first one does.
 */
export async function listAuditEvents(
  db: Database,
  filter: AuditFilter,
  scope: AuditScope,
  options: { before?: number; limit?: number } = {},
): Promise<AuditPage> {
  const limit = options.limit ?? AUDIT_PAGE_SIZE;
  const where = and(auditConditions(filter, scope), options.before ? lt(auditEvents.seq, options.before) : undefined);
  const rows = (await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.seq))
    .limit(limit + 1)) as AuditEvent[];
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

/** The completion of each of these operations that has one, by operation id. */
export async function completionsOf(db: Database, operationIds: string[]): Promise<Map<string, AuditEvent>> {
  if (operationIds.length === 0) return new Map();
  const rows = (await db
    .select()
    .from(auditEvents)
    .where(and(inArray(auditEvents.operationId, operationIds), ne(auditEvents.outcome, "requested")))) as AuditEvent[];
  return new Map(rows.map((row) => [row.operationId, row]));
}

/**
 * A "requested" entry whose call cannot still be running (past every attempt's time-out and the
 * waits between them) and that has no completion: nobody knows what the chat service did.
 */
export function isOutcomeUnknown(
  entry: AuditEvent,
  completion: AuditEvent | undefined,
  timeoutMs: number,
  now = Date.now(),
): boolean {
  if (entry.outcome !== "requested" || completion) return false;
  const callDeadline = 3 * timeoutMs + 30_000;
  return now - entry.occurredAt.getTime() > callDeadline;
}
