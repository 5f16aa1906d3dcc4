import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { MIGRATIONS_FOLDER, type Database } from "./client";

let expected: number[] | undefined;

/**
 * How many of this code's migrations the database has not applied: 0 when it is migrated. Drizzle's
 * migrator records each applied migration with its folder's time stamp.
 */
export async function pendingMigrations(db: Database): Promise<number> {
  expected ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((migration) => migration.folderMillis);
  const { rows } = (await db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as {
    rows: Array<{ created_at: string | number }>;
  };
  const applied = new Set(rows.map((row) => Number(row.created_at)));
  return expected.filter((millis) => !applied.has(millis)).length;
}
