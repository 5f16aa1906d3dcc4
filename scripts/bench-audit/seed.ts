import { desc, getTableColumns } from "drizzle-orm";
import type { Pool } from "pg";
import type { AuditEvent } from "../../lib/audit/append";
import { UID_ROWS_PER_STATEMENT, uidRowFiling } from "../../lib/audit/affected";
import { GENESIS_HASH } from "../../lib/audit/chain";
import type { Database } from "../../lib/db/client";
import type { PgliteThread } from "../../lib/db/pglite-thread";
import { auditEvents } from "../../lib/db/schema";
import { LogGenerator, type GeneratedEntry } from "./log-generator";
import { number, progress, type DatabaseKind } from "./options";
import { yieldToEventLoop } from "./sampling";

const COLUMNS = Object.keys(getTableColumns(auditEvents)).length;
/** PostgreSQL takes at most 65,535 parameters a statement. */
export const ROWS_PER_STATEMENT = Math.min(2_500, Math.floor(65_535 / COLUMNS));
const ROWS_PER_TRANSACTION = ROWS_PER_STATEMENT * 20;
const SPAN_MS = 90 * 86_400_000;

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
  const pglite = client as PgliteThread;
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

/** The UID rows of these entries, as append.ts writes them beside the entries. */
async function insertUidRows(connection: RawConnection, rows: GeneratedEntry[]) {
  const params = rows.flatMap(({ event, uids }) => {
    const { action, listed } = uidRowFiling(event);
    return uids.flatMap((uid) => [uid, event.seq, action, listed]);
  });
  for (let start = 0; start < params.length; start += UID_ROWS_PER_STATEMENT * 4) {
    const part = params.slice(start, start + UID_ROWS_PER_STATEMENT * 4);
    const tuples = Array.from(
      { length: part.length / 4 },
      (_, row) => `($${row * 4 + 1}, $${row * 4 + 2}, $${row * 4 + 3}, $${row * 4 + 4})`,
    );
    await connection.query(
      `INSERT INTO "audit_event_uids" ("uid", "seq", "action", "listed") VALUES ${tuples.join(", ")}`,
      part,
    );
  }
}

/**
 * The outcome index of these entries, as append.ts keeps it: each operation's completion's outcome,
 * or its own. A completion may come in a later statement than its first entry, so each statement also
 * files the completions it holds for earlier first entries.
 */
async function insertOutcomeRows(connection: RawConnection, first: number, last: number) {
  await connection.query(
    `INSERT INTO "audit_operation_outcomes" ("seq", "outcome")
     SELECT "seq", "outcome" FROM "audit_events" WHERE "seq" BETWEEN $1 AND $2 AND NOT "completes_operation"`,
    [first, last],
  );
  await connection.query(
    `UPDATE "audit_operation_outcomes" AS filed SET "outcome" = completion."outcome"
     FROM "audit_events" AS completion, "audit_events" AS first_entry
     WHERE completion."seq" BETWEEN $1 AND $2 AND completion."completes_operation"
       AND first_entry."operation_id" = completion."operation_id" AND NOT first_entry."completes_operation"
       AND filed."seq" = first_entry."seq"`,
    [first, last],
  );
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
export async function seed(db: Database, kind: DatabaseKind, count: number) {
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
          const insert = connection.query(text, insertParams(rows.map(({ event }) => event)));
          next = batch(Math.min(ROWS_PER_STATEMENT, count - written - done - rows.length));
          await insert;
          await insertUidRows(connection, rows);
          await insertOutcomeRows(connection, rows[0]!.event.seq, rows.at(-1)!.event.seq);
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
