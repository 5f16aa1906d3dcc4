import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import {
  createPostgresDatabase,
  databaseKinds,
  startConsole,
  type ConsoleServer,
  type DatabaseKind,
} from "../support/console-server";
import { openTestDatabase } from "../support/database";

/**
 * Until issue 23 the console's migrations created the embedded chat service's tables as well (0000 the
 * chat_* tables, 0004 the block-call journal); now only the service's own migrations do. A database made
 * by the old migrations — a PGlite data folder or a PostgreSQL database — must migrate forward with its
 * data, and a new one must get the chat tables from the service alone.
 *
 * The old migrations are rebuilt byte for byte (checked against the hashes the released versions
 * recorded in drizzle.__drizzle_migrations) from what the tree holds: the service's first migration is
 * what the console's 0000 created, and 0004 held the journal's statement.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const CONSOLE_MIGRATIONS = path.join(ROOT, "lib/db/migrations");
const CHAT_MIGRATIONS = path.join(ROOT, "chat-service/db/migrations");
const CHAT_MIGRATIONS_TABLE = "__chat_service_migrations";

const RELEASED_HASHES = {
  "0000_chat_service": "9ba71dfdd017a0bc6c1b0d4e3ae725e2e1a626f5a093478aab3bc0e9c06bb39e",
  "0004_incident_jobs": "cf8c82c205baf73dc70be1b525cea054a48aceac9765c7c082e55275e5184e05",
};
const OLD_0000_HEADER =
  "-- These tables are now the embedded chat service's (lib/chat-service/db/migrations creates them too):\n" +
  "-- whichever of the two migrates a new database first creates them, and the other leaves them as they are.\n";
const OLD_0004_COMMENT =
  "-- The chat service's own migrations create this table too: whichever runs first creates it.\n";
const NEW_0004_COMMENT =
  "-- The chat service's block-call journal, created here until issue 23, is the service's own (chat-service/db/migrations).\n";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The console's migrations as a released version had them: the first `count`, with the chat tables. */
function oldConsoleMigrations(count: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), "old-console-migrations-"));
  cpSync(CONSOLE_MIGRATIONS, folder, { recursive: true });
  const chat0000 = readFileSync(path.join(CHAT_MIGRATIONS, "0000_chat_service.sql"), "utf8");
  const body = chat0000.slice(chat0000.indexOf('CREATE TABLE IF NOT EXISTS "chat_block_call_journal"'));
  const journalStatement = body.slice(0, body.indexOf("--> statement-breakpoint\n") + 25);
  const old0000 = OLD_0000_HEADER + body.slice(journalStatement.length);
  const new0004 = readFileSync(path.join(CONSOLE_MIGRATIONS, "0004_incident_jobs.sql"), "utf8");
  const old0004 = new0004.replace(NEW_0004_COMMENT, OLD_0004_COMMENT + journalStatement);
  expect(sha256(old0000)).toBe(RELEASED_HASHES["0000_chat_service"]);
  expect(sha256(old0004)).toBe(RELEASED_HASHES["0004_incident_jobs"]);
  writeFileSync(path.join(folder, "0000_chat_service.sql"), old0000);
  writeFileSync(path.join(folder, "0004_incident_jobs.sql"), old0004);
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

type OldDatabase = {
  env: Record<string, string>;
  query: <Row>(text: string) => Promise<Row[]>;
  drop: () => Promise<void>;
};

/** A database as an old version left it: its migrations applied, then some data in both halves. */
async function makeOldDatabase(
  kind: DatabaseKind,
  consoleMigrations: number,
  chatMigrations: boolean,
): Promise<OldDatabase> {
  const folder = oldConsoleMigrations(consoleMigrations);
  const data = `
    insert into operators (email, name, role, password_hash) values ('old-admin@example.com', 'Old Admin', 'admin', 'x');
    insert into chat_users (uid, name, created_at) values ('old-blocker', 'Old Blocker', 1700000000), ('old-spammer', 'Old Spammer', 1700000000);
    insert into chat_blocks (blocker_uid, blocked_uid, blocked_at) values ('old-blocker', 'old-spammer', 1700000001);
    insert into chat_block_call_journal (method, blocker_uid, uids) values ('POST', 'old-blocker', '["old-spammer"]');`;
  try {
    if (kind === "postgres") {
      const database = await createPostgresDatabase();
      const { drizzle } = await import("drizzle-orm/node-postgres");
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: folder });
      if (chatMigrations) {
        await migrate(db, { migrationsFolder: CHAT_MIGRATIONS, migrationsTable: CHAT_MIGRATIONS_TABLE });
      }
      await client.query(data);
      await client.end();
      const query = async <Row>(text: string) => {
        const reader = new pg.Client({ connectionString: database.url });
        await reader.connect();
        try {
          return (await reader.query(text)).rows as Row[];
        } finally {
          await reader.end();
        }
      };
      return { env: { DATABASE_URL: database.url }, query, drop: database.drop } satisfies OldDatabase;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), "old-console-data-"));
    mkdirSync(path.join(dataDir, "pglite"));
    const open = () => new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
    const client = open();
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: folder });
    if (chatMigrations)
      await migrate(db, { migrationsFolder: CHAT_MIGRATIONS, migrationsTable: CHAT_MIGRATIONS_TABLE });
    await client.exec(data);
    await client.close();
    const query = async <Row>(text: string) => {
      const reader = open();
      try {
        return (await reader.query<Row>(text)).rows;
      } finally {
        await reader.close();
      }
    };
    const drop = async () => rmSync(dataDir, { recursive: true, force: true });
    return { env: { DATA_DIR: dataDir }, query, drop } satisfies OldDatabase;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const consoleJournal = JSON.parse(readFileSync(path.join(CONSOLE_MIGRATIONS, "meta/_journal.json"), "utf8")) as {
  entries: Array<{ when: number }>;
};
const chatJournal = JSON.parse(readFileSync(path.join(CHAT_MIGRATIONS, "meta/_journal.json"), "utf8")) as {
  entries: Array<{ when: number }>;
};

const OLD_VERSIONS = [
  // The console's 0000–0007, before the chat service had migrations of its own.
  { name: "made before the chat service had its own migrations", consoleMigrations: 8, chatMigrations: false },
  // Every console migration up to 0015 and the service's own: the last version before the hand-over.
  { name: "made by the last version before the hand-over", consoleMigrations: 16, chatMigrations: true },
];

describe.each(await databaseKinds())("migrating the console's database forward on %s", (kind) => {
  it("a new database gets no chat_* table from the console's migrations: they are the chat service's", async () => {
    const { db, close } = await openTestDatabase(kind);
    try {
      const { rows } = (await db.execute(
        sql`select table_name from information_schema.tables where table_name like ${"chat\\_%"}`,
      )) as unknown as { rows: unknown[] };
      expect(rows).toEqual([]);
    } finally {
      await close();
    }
  });

  describe.each(OLD_VERSIONS)("a database $name", ({ consoleMigrations, chatMigrations }) => {
    let old: OldDatabase;
    let server: ConsoleServer | undefined;
    let blocked: unknown;
    let ready: number;

    beforeAll(async () => {
      old = await makeOldDatabase(kind, consoleMigrations, chatMigrations);
      server = await startConsole({ env: old.env });
      const answer = await chatCall(server, "GET", "/users/old-blocker/blockedusers");
      blocked = (answer.body as { data?: Array<{ uid: string }> }).data?.map((user) => user.uid);
      ready = (await fetch(`${server.baseUrl}/api/ready`)).status;
      await server.terminate("SIGTERM");
    });

    afterAll(async () => {
      await server?.stop();
      await old?.drop();
    });

    it("starts, migrates both halves and serves the chat data it held", () => {
      expect(ready).toBe(200);
      expect(blocked).toEqual(["old-spammer"]);
    });

    it("keeps the console's rows and the service's journal, and records every migration once", async () => {
      const operators = await old.query<{ email: string }>("select email from operators where email like 'old-%'");
      expect(operators).toEqual([{ email: "old-admin@example.com" }]);
      const journal = await old.query<{ blocker_uid: string }>("select blocker_uid from chat_block_call_journal");
      expect(journal).toEqual([{ blocker_uid: "old-blocker" }]);
      const applied = await old.query<{ created_at: string }>(
        "select created_at from drizzle.__drizzle_migrations order by created_at",
      );
      expect(applied.map((row) => Number(row.created_at))).toEqual(consoleJournal.entries.map((entry) => entry.when));
      const chatApplied = await old.query<{ created_at: string }>(
        `select created_at from drizzle.${CHAT_MIGRATIONS_TABLE} order by created_at`,
      );
      expect(chatApplied.map((row) => Number(row.created_at))).toEqual(chatJournal.entries.map((entry) => entry.when));
    });
  });
});
