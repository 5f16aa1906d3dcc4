/**
 * Applies a folder of drizzle migrations to a PostgreSQL database under an advisory lock, so that
 * processes starting at once take turns: one migrates while the others wait, then find nothing to do.
 * The console and the embedded chat service each pass their own folder, table of applied migrations
 * and lock.
 */
export async function migratePostgres(
  url: string,
  migrations: { folder: string; table?: string; lockId: number },
): Promise<void> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query("SELECT pg_advisory_lock($1)", [migrations.lockId]);
    await migrate(drizzle(migrator), { migrationsFolder: migrations.folder, migrationsTable: migrations.table });
  } finally {
    await migrator.query("SELECT pg_advisory_unlock($1)", [migrations.lockId]).catch(() => undefined);
    await migrator.end();
  }
}
