import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { log } from "@/lib/log";
import { getEnv } from "@/lib/env";
import { asPglite, openSharedPglite } from "./pglite-shared";
import * as schema from "./schema";
import { migratePostgres } from "./migrate-postgres";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

type Handle = { db: Database; kind: "pglite" | "postgres"; close: () => Promise<void> };

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib/db/migrations");
// Any constant works: it only has to be the same in every console process.
const MIGRATION_LOCK_ID = 7_412_001;

/** One handle per process, on globalThis: Next bundles this module into several chunks. */
const holder = globalThis as typeof globalThis & { __moderatorConsoleDb?: Promise<Handle> };

async function openPostgres(url: string): Promise<Handle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  await migratePostgres(url, { folder: MIGRATIONS_FOLDER, lockId: MIGRATION_LOCK_ID });

  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that PostgreSQL ends (a restart, an administrator, a dropped database) is an
  // error event on the pool; with no listener it would end the process. The pool replaces the connection.
  pool.on("error", (error) =>
    log().warn({ component: "database", err: error.message }, "an idle database connection was closed"),
  );
  const db = drizzle(pool, { schema }) as unknown as Database;
  return { db, kind: "postgres", close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<Handle> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const { client, close } = await openSharedPglite(dataDir);
  const db = drizzle({ client: asPglite(client), schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Database, kind: "pglite", close };
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
