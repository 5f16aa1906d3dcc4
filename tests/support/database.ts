import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { closeDb, getDb, type Database } from "../../lib/db/client";
import { createPostgresDatabase, type DatabaseKind } from "./console-server";

/**
 * Points this test process's database (a per-process singleton, configured from the environment)
 * at a fresh PGlite folder or a fresh PostgreSQL database, migrated.
 */
export async function openTestDatabase(
  kind: DatabaseKind,
): Promise<{ db: Database; url?: string; close: () => Promise<void> }> {
  await closeDb();
  (globalThis as { __moderatorConsoleEnv?: unknown }).__moderatorConsoleEnv = undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), "moderator-console-db-"));
  const postgres = kind === "postgres" ? await createPostgresDatabase() : undefined;
  process.env.DATA_DIR = dataDir;
  process.env.CHAT_API_KEY = "test-key";
  if (postgres) process.env.DATABASE_URL = postgres.url;
  else delete process.env.DATABASE_URL;
  const db = await getDb();
  return {
    db,
    url: postgres?.url,
    close: async () => {
      await closeDb();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Points this test process's database at an existing PostgreSQL database, such as a running console's. */
export async function attachTestDatabase(url: string): Promise<Database> {
  await closeDb();
  (globalThis as { __moderatorConsoleEnv?: unknown }).__moderatorConsoleEnv = undefined;
  process.env.DATABASE_URL = url;
  process.env.CHAT_API_KEY = "test-key";
  return getDb();
}
