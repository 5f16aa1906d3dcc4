import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { asPglite, openSharedPglite } from "@/lib/db/pglite-shared";
import type { Statement } from "@/lib/db/pglite-prepared";
import * as schema from "./schema";
import { migratePostgres } from "@/lib/db/migrate-postgres";
import { log } from "@/lib/log";

export type ChatDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

export type { Statement };

export type ChatStore = {
  kind: "pglite" | "postgres";
  /** For what runs rarely (lists, demo data): drizzle's query builder. */
  db: ChatDatabase;
  run: <Row>(statement: Statement, params: unknown[]) => Promise<Row[]>;
  close: () => Promise<void>;
};

const MIGRATIONS_FOLDER = path.join(process.cwd(), "chat-service/db/migrations");
// Its own table of applied migrations: the console's (drizzle.__drizzle_migrations) may be in the same database.
const MIGRATIONS_TABLE = "__chat_service_migrations";
// Not the console's 7412001: the two migrate apart, each under its own lock.
const MIGRATION_LOCK_ID = 7_412_101;
const INT8 = 20;
// Unix seconds and ids fit a double; the vendor's JSON gives them as numbers.
const toNumber = (value: string) => Number(value);

async function openPostgres(url: string): Promise<ChatStore> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  await migratePostgres(url, { folder: MIGRATIONS_FOLDER, table: MIGRATIONS_TABLE, lockId: MIGRATION_LOCK_ID });
  const pool = new pg.Pool({
    connectionString: url,
    // Two cores: more connections than this only queue inside PostgreSQL instead of in the pool.
    max: 8,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8 ? toNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // As the console's pool: an idle connection PostgreSQL ends must not end the process.
  pool.on("error", (error) =>
    log().warn({ component: "chat-service", err: error.message }, "an idle database connection was closed"),
  );
  return {
    kind: "postgres",
    db: drizzle(pool, { schema }) as unknown as ChatDatabase,
    run: async <Row>(statement: Statement, values: unknown[]) =>
      (await pool.query({ name: statement.name, text: statement.text, values })).rows as Row[],
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<ChatStore> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const { client, close } = await openSharedPglite(dataDir);
  const db = drizzle({ client: asPglite(client), schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER, migrationsTable: MIGRATIONS_TABLE });
  const runner = await client.preparedRunner([INT8]);
  return {
    kind: "pglite",
    db: db as unknown as ChatDatabase,
    run: runner.run,
    close: async () => {
      await runner.close();
      await close();
    },
  };
}

export function openChatStore(where: { databaseUrl: string | undefined; dataDir: string }): Promise<ChatStore> {
  return where.databaseUrl ? openPostgres(where.databaseUrl) : openPglite(where.dataDir);
}
