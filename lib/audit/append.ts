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
/** Tries of one batch when other processes keep taking its sequence numbers. */
const MAX_ATTEMPTS = 20;
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

type Appender = {
  queue: Pending[];
  flushing: boolean;
  /** The newest entry this process knows of in `db`: the link its next append starts from. */
  last?: { db: Database; seq: number; hash: string };
};
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

function chainBatch(batch: Pending[], last: { seq: number; hash: string }): AuditEvent[] {
  let seq = last.seq;
  let prevHash = last.hash;
  return batch.map(({ input, occurredAt }) => {
    seq += 1;
    const row = toRow(input, occurredAt, seq, prevHash);
    prevHash = row.hash;
    return row;
  });
}

function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | undefined)?.code;
  return code(error) === "23505" || code((error as { cause?: unknown } | undefined)?.cause) === "23505";
}

/**
 * Writes a batch so that the chain never forks, even with several console processes on one
 * PostgreSQL database: the primary key on `seq` refuses a second entry with the same number, and a
 * refused batch is chained again after the newest entry there is. The first try links to the newest
 * entry this process knows of, in one statement; later tries read the newest one under an advisory
 * lock, so that processes that keep colliding take turns.
 */
async function writeBatch(db: Database, batch: Pending[], appender: Appender): Promise<AuditEvent[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const rows =
        appender.last?.db === db
          ? await insertAfter(db, batch, appender.last)
          : await db.transaction(async (tx) => {
              await tx.execute(sql`select pg_advisory_xact_lock(${APPEND_LOCK_ID})`);
              const [last] = await tx
                .select({ seq: auditEvents.seq, hash: auditEvents.hash })
                .from(auditEvents)
                .orderBy(desc(auditEvents.seq))
                .limit(1);
              return insertAfter(tx as unknown as Database, batch, last ?? { seq: 0, hash: GENESIS_HASH });
            });
      appender.last = { db, seq: rows.at(-1)!.seq, hash: rows.at(-1)!.hash };
      return rows;
    } catch (error) {
      appender.last = undefined;
      if (!isUniqueViolation(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

async function insertAfter(db: Database, batch: Pending[], last: { seq: number; hash: string }): Promise<AuditEvent[]> {
  const rows = chainBatch(batch, last);
  await db.insert(auditEvents).values(rows);
  return rows;
}

async function flush(appender: Appender): Promise<void> {
  appender.flushing = true;
  try {
    const db = await getDb();
    while (appender.queue.length > 0) {
      const batch = appender.queue.splice(0, MAX_BATCH);
      try {
        const rows = await writeBatch(db, batch, appender);
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
