import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { ChatDatabase } from "./db/client";

/** A serial column is an integer one to read a value into. */
const recordType = (type: string) =>
  ({ bigserial: "bigint", serial: "integer", smallserial: "smallint" })[type] ?? type;

/**
 * Inserts many rows in one statement whose only parameter is the rows as JSON, read back with
 * `jsonb_to_recordset`: one round trip however many rows (PGlite answers each statement on its own
 * thread, and a multi-row VALUES list has a bound parameter a field). Columns are those the rows
 * name (by their property names); a row without one gets null there.
 */
export async function bulkInsert<Table extends PgTable>(
  db: ChatDatabase,
  table: Table,
  rows: ReadonlyArray<Partial<Table["$inferInsert"]>>,
): Promise<void> {
  if (rows.length === 0) return;
  const named = new Set(rows.flatMap((row) => Object.keys(row)));
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => named.has(key));
  const records = rows.map((row) =>
    Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key] ?? null])),
  );
  const names = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(", "));
  const types = sql.raw(columns.map(([, column]) => `"${column.name}" ${recordType(column.getSQLType())}`).join(", "));
  await db.execute(
    sql`insert into ${sql.identifier(getTableName(table))} (${names})
      select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${types})`,
  );
}
