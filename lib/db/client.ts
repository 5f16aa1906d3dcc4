import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { getEnv } from "@/lib/env";
import { claimPgliteFolder } from "./pglite-lock";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

type Handle = { db: Database; kind: "pglite" | "postgres"; close: () => Promise<void> };

const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib/db/migrations");
// Any constant works: it only has to be the same in every console process.
const MIGRATION_LOCK_ID = 7_412_001;

/** PGlite allows one instance per data folder, so the handle lives on globalThis: one per process. */
const holder = globalThis as typeof globalThis & { __moderatorConsoleDb?: Promise<Handle> };

async function openPostgres(url: string): Promise<Handle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");

  // Several console processes may start at once: one migrates while the others wait.
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    await migrator.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrate(drizzle(migrator), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await migrator.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    await migrator.end();
  }

  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzle(pool, { schema }) as unknown as Database;
  return { db, kind: "postgres", close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const release = claimPgliteFolder(dataDir);
  const client = new PGlite(path.join(dataDir, "pglite"));
  await client.waitReady;
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    close: async () => {
      await client.close();
      release();
    },
  };
}

function open(): Promise<Handle> {
  const env = getEnv();
  return env.databaseUrl ? openPostgres(env.databaseUrl) : openPglite(env.dataDir);
}

/** The database, migrated. The first call opens it; later calls share the same handle. */
export async function getDb(): Promise<Database> {
  holder.__moderatorConsoleDb ??= open().catch((error: unknown) => {
    holder.__moderatorConsoleDb = undefined;
    throw error;
  });
  return (await holder.__moderatorConsoleDb).db;
}

export async function getDbKind(): Promise<Handle["kind"]> {
  await getDb();
  return (await holder.__moderatorConsoleDb!).kind;
}

export async function closeDb(): Promise<void> {
  const handle = holder.__moderatorConsoleDb;
  holder.__moderatorConsoleDb = undefined;
  if (handle) await (await handle).close();
}

export { schema };
