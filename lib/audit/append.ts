import { randomUUID } from "node:crypto";
import { desc, sql } from "drizzle-orm";
import { getDb, type Database } from "@/lib/db/client";
import { auditEvents, auditEventUids, auditOperationOutcomes } from "@/lib/db/schema";
import { storableJson, storableText } from "@/lib/security/bounded-json";
import { affectedSummary, UID_ROWS_PER_STATEMENT, uidRowFiling, uniqueUids } from "./affected";
import { asJsonData, GENESIS_HASH, hashEntry, type ChainedEntry } from "./chain";
import type { AuditAction, AuditErrorCode, AuditOutcome } from "./vocabulary";
import type { Actor } from "./actor";

export type AuditEventInput = {
  operationId: string;
  actor: Actor;
  action: AuditAction;
  outcome: AuditOutcome;
  /** Every UID the operation affected; recorded with its first entry only. */
  affectedUids?: string[];
  completesOperation?: boolean;
  parentOperationId?: string | null;
  targetUid?: string | null;
  onBehalfOf?: string | null;
  reason?: string | null;
  requestBody?: unknown;
  httpStatus?: number | null;
  errorCode?: AuditErrorCode | null;
  summary?: unknown;
  durationMs?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
};

export type AuditEvent = ChainedEntry & { hash: string };
type Written = { event: AuditEvent; uids: string[] };

// Any constant works: it only has to be the same in every console process.
const APPEND_LOCK_ID = 7_412_003;
const MAX_BATCH = 500;
/** Tries of one batch that a writer outside the lock (someone's own script) took the numbers of. */
const MAX_ATTEMPTS = 5;
const SECRET_KEY = /pass(word)?|secret|api[-_]?key|token/i;

/** Request bodies are logged without anything that looks like a credential, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, item]) => [key, withoutSecrets(item)]),
    );
  }
  return value;
}

type Pending = {
  input: AuditEventInput;
  occurredAt: Date;
  resolve: (event: AuditEvent) => void;
  reject: (error: unknown) => void;
};

type Appender = { queue: Pending[]; flushing: boolean };
const holder = globalThis as typeof globalThis & { __auditAppender?: Appender };

/** Text as PostgreSQL stores it (NUL and lone surrogates escaped), so that no entry is refused. */
const text = (value: string | null | undefined) => (value === null || value === undefined ? null : storableText(value));

function toRow(input: AuditEventInput, occurredAt: Date, seq: number, prevHash: string): Written {
  const uids = input.completesOperation ? [] : uniqueUids(input.affectedUids ?? []);
  const entry: ChainedEntry = {
    seq,
    id: randomUUID(),
    occurredAt,
    operationId: input.operationId,
    actorId: input.actor.id,
    actorEmail: text(input.actor.email),
    actorRole: input.actor.role,
    action: input.action,
    targetUid: text(input.targetUid),
    onBehalfOf: text(input.onBehalfOf),
    reason: text(input.reason),
    requestBody: input.requestBody === undefined ? null : asJsonData(withoutSecrets(storableJson(input.requestBody))),
    outcome: input.outcome,
    httpStatus: input.httpStatus ?? null,
    errorCode: text(input.errorCode),
    summary: input.summary === undefined ? null : asJsonData(storableJson(input.summary)),
    durationMs: input.durationMs ?? null,
    ip: text(input.ip),
    userAgent: text(input.userAgent),
    requestId: text(input.requestId),
    affected: uids.length > 0 ? affectedSummary(uids) : null,
    completesOperation: input.completesOperation ?? false,
    parentOperationId: input.parentOperationId ?? null,
    prevHash,
  };
  return { event: { ...entry, hash: hashEntry(entry) }, uids };
}

function chainBatch(batch: Pending[], last: { seq: number; hash: string }): Written[] {
  let seq = last.seq;
  let prevHash = last.hash;
  return batch.map(({ input, occurredAt }) => {
    seq += 1;
    const row = toRow(input, occurredAt, seq, prevHash);
    prevHash = row.event.hash;
    return row;
  });
}

function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | undefined)?.code;
  return code(error) === "23505" || code((error as { cause?: unknown } | undefined)?.cause) === "23505";
}

/**
 * Writes a batch so that the chain never forks, even with several console processes on one
 * PostgreSQL database: every writer links its batch to the newest entry under one advisory lock, in
 * the transaction that inserts it, so processes appending at the same time take turns and none can
 * starve another. The primary key on `seq` still refuses a second entry with the same number (a
 * writer that skipped the lock); such a batch is chained again after the newest entry there is.
 */
async function writeBatch(db: Database, batch: Pending[]): Promise<AuditEvent[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${APPEND_LOCK_ID})`);
        const [last] = await tx
          .select({ seq: auditEvents.seq, hash: auditEvents.hash })
          .from(auditEvents)
          .orderBy(desc(auditEvents.seq))
          .limit(1);
        return insertAfter(tx as unknown as Database, batch, last ?? { seq: 0, hash: GENESIS_HASH });
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/**
 * The entries, their UID rows and their operations' outcomes, in the caller's transaction: a filter
 * on a UID or an outcome never misses a committed entry. A first entry files its own outcome; a
 * completion replaces its operation's (its first entry may be in this batch, written just before).
 */
async function insertAfter(tx: Database, batch: Pending[], last: { seq: number; hash: string }): Promise<AuditEvent[]> {
  const written = chainBatch(batch, last);
  const uidRows = written.flatMap(({ event, uids }) => {
    const { action, listed } = uidRowFiling(event);
    return uids.map((uid) => ({ uid, seq: event.seq, action, listed }));
  });
  const events = written.map(({ event }) => event);
  const firsts = events.filter((event) => !event.completesOperation);
  const completions = events.filter((event) => event.completesOperation);
  // Index rows filed under numbers where no entry stands are left over from entries someone removed
  // from the end of the log: they go, so that they neither collide with this batch's rows nor file
  // the new entries under the old ones' UIDs and outcomes. (Where no one did, this finds nothing.)
  await tx.execute(sql`
    with left_uids as (
      delete from ${auditEventUids} as uids where uids.seq >= ${events[0]!.seq}
        and not exists (select 1 from ${auditEvents} as entry where entry.seq = uids.seq))
    delete from ${auditOperationOutcomes} as outcomes where outcomes.seq >= ${events[0]!.seq}
      and not exists (select 1 from ${auditEvents} as entry where entry.seq = outcomes.seq)`);
  await tx.insert(auditEvents).values(events);

  for (let start = 0; start < uidRows.length; start += UID_ROWS_PER_STATEMENT) {
    await tx.insert(auditEventUids).values(uidRows.slice(start, start + UID_ROWS_PER_STATEMENT));
  }
  if (firsts.length > 0) {
    await tx.insert(auditOperationOutcomes).values(firsts.map(({ seq, outcome }) => ({ seq, outcome })));
  }
  if (completions.length > 0) {
    const outcomes = JSON.stringify(completions.map(({ operationId, outcome }) => ({ operationId, outcome })));
    await tx.execute(sql`
      update ${auditOperationOutcomes} set outcome = completed.outcome
      from ${auditEvents} as first, jsonb_to_recordset(${outcomes}::jsonb) as completed("operationId" uuid, outcome text)
      where first.operation_id = completed."operationId" and not first.completes_operation
        and ${auditOperationOutcomes.seq} = first.seq`);
  }
  return events;
}

async function flush(appender: Appender): Promise<void> {
  appender.flushing = true;
  try {
    const db = await getDb();
    while (appender.queue.length > 0) {
      const batch = appender.queue.splice(0, MAX_BATCH);
      try {
        const rows = await writeBatch(db, batch);
        batch.forEach((pending, index) => pending.resolve(rows[index]!));
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
  } catch (error) {
    for (const pending of appender.queue.splice(0)) pending.reject(error);
  } finally {
    appender.flushing = false;
  }
}

/**
 * Appends one entry and resolves once it is committed. Appends that arrive while a batch is being
 * written are committed together in the next one (group commit): one lock and one insert for many.
 */
export function appendAuditEvent(input: AuditEventInput): Promise<AuditEvent> {
  holder.__auditAppender ??= { queue: [], flushing: false };
  const appender = holder.__auditAppender;
  return new Promise<AuditEvent>((resolve, reject) => {
    appender.queue.push({ input, occurredAt: new Date(), resolve, reject });
    if (!appender.flushing) void flush(appender);
  });
}
