import { and, desc, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client";

/**
 * The reads and lease changes that tables of work (jobs, searches, the reports index) share, written
 * once for any table with the columns they name.
 */

type Keyed = PgTable & { id: PgColumn };

/** One row by its id; undefined when there is none. */
export async function rowById<T extends Keyed>(
  db: Database,
  table: T,
  id: string,
): Promise<T["$inferSelect"] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  return row as T["$inferSelect"] | undefined;
}

/** The `limit` rows created last, newest first. */
export async function newestRows<T extends PgTable & { createdAt: PgColumn }>(
  db: Database,
  table: T,
  limit: number,
): Promise<T["$inferSelect"][]> {
  return (await db
    .select()
    .from(table as PgTable)
    .orderBy(desc(table.createdAt))
    .limit(limit)) as T["$inferSelect"][];
}

/** When a lease taken now for `seconds` ends, on the database's clock: the one every process shares. */
export const leaseEnd = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * Gives back the lease `owner` holds on row `id` (its holder and its end, the column `until`), so that
 * another process may take the row up at once. Nothing changes when another process holds it.
 */
export async function releaseLease<T extends Keyed & { leaseOwner: PgColumn }>(
  db: Database,
  table: T,
  until: keyof T["$inferInsert"] & string,
  held: { id: string; owner: string },
): Promise<void> {
  await db
    .update(table as PgTable)
    .set({ leaseOwner: null, [until]: null } as never)
    .where(and(eq(table.id, held.id), eq(table.leaseOwner, held.owner)));
}
