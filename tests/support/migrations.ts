import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createPostgresDatabase } from "./console-server";

/**
 * A console database as an earlier migration left it, for the tests of a migration that moves rows:
 * the migrations folder up to (not including) a tag, and a fresh database of either kind to run
 * them, then the rest, on.
 */
export const MIGRATIONS = path.resolve(import.meta.dirname, "../../lib/db/migrations");

/** A copy of the migrations folder whose journal ends before `tag`: the caller removes it. */
export function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), `migrations-before-${tag.slice(0, 4)}-`));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const file = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(file, "utf8")) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  writeFileSync(file, JSON.stringify(journal));
  return folder;
}

export type MigratedDatabase = {
  migrate: (folder: string) => Promise<void>;
  query: (text: string) => Promise<unknown[]>;
  close: () => Promise<void>;
};

/** A new, empty database: PostgreSQL (a database of its own) or PGlite in memory. */
export async function openEmptyDatabase(kind: string): Promise<MigratedDatabase> {
  if (kind === "postgres") {
    const database = await createPostgresDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    return {
      migrate: (folder) => migrate(drizzle(client), { migrationsFolder: folder }),
      query: async (text) => (await client.query(text)).rows,
      close: async () => {
        await client.end();
        await database.drop();
      },
    };
  }
  const client = new PGlite({ extensions: { pg_trgm } });
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  return {
    migrate: (folder) => migrate(drizzle({ client }), { migrationsFolder: folder }),
    query: async (text) => {
      const results = await client.exec(text);
      return results.at(-1)?.rows ?? [];
    },
    close: () => client.close(),
  };
}
