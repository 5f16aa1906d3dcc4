import { randomUUID } from "node:crypto";
import { desc, sql } from "drizzle-orm";
import { getDb, type Database } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import { GENESIS_HASH, hashEntry, type AuditOutcome, type ChainedEntry } from "./chain";

export type AuditActor = { id: string | null; email: string | null; role: string | null };

export type AuditEventInput = {
  operationId: string;
  actor: AuditActor;
  action: string;
  outcome: AuditOutcome;
  targetUid?: string | null;
  onBehalfOf?: string | null;
  reason?: string | null;
  requestBody?: unknown;
  httpStatus?: number | null;
  errorCode?: string | null;
  summary?: unknown;
  durationMs?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
};

export type AuditEvent = ChainedEntry & { hash: string };

// Any constant works: it only has to be the same in every console process.
const APPEND_LOCK_ID = 7_412_003;
const MAX_BATCH = 500;
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

function toRow(input: AuditEventInput, occurredAt: Date, seq: number, prevHash: string): AuditEvent {
  const entry: ChainedEntry = {
    seq,
    id: randomUUID(),
    occurredAt,
    operationId: input.operationId,
    actorId: input.actor.id,
    actorEmail: input.actor.email,
    actorRole: input.actor.role,
    action: input.action,
    targetUid: input.targetUid ?? null,
    onBehalfOf: input.onBehalfOf ?? null,
    reason: input.reason ?? null,
    requestBody: input.requestBody === undefined ? null : withoutSecrets(input.requestBody),
    outcome: input.outcome,
    httpStatus: input.httpStatus ?? null,
    errorCode: input.errorCode ?? null,
    summary: input.summary ?? null,
    durationMs: input.durationMs ?? null,
    ip: input.ip ?? null,
    userAgent: input.userAgent ?? null,
    requestId: input.requestId ?? null,
    prevHash,
  };
  return { ...entry, hash: hashEntry(entry) };
}

/**
 * Writes a batch in one transaction under an advisory lock, so that the chain never forks, even
 * with several console processes on one PostgreSQL database.
 */
async function writeBatch(db: Database, batch: Pending[]): Promise<AuditEvent[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${APPEND_LOCK_ID})`);
    const [last] = await tx
      .select({ seq: auditEvents.seq, hash: auditEvents.hash })
      .from(auditEvents)
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    let seq = last?.seq ?? 0;
    let prevHash = last?.hash ?? GENESIS_HASH;
    const rows = batch.map(({ input, occurredAt }) => {
      seq += 1;
      const row = toRow(input, occurredAt, seq, prevHash);
      prevHash = row.hash;
      return row;
    });
    await tx.insert(auditEvents).values(rows);
    return rows;
  });
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
