import { PGlite } from "@electric-sql/pglite";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startConsole, type ConsoleServer } from "../support/console-server";
import { waitFor } from "../support/wait-for";

/**
 * PGlite has no autovacuum, so the console ANALYZEs its own tables at start-up. The embedded chat
 * service's tables, in the same PGlite, are not the console's to analyze: with statistics that show
 * a few pages, PostgreSQL plans the service's prepared statements with sequential scans, each a file
 * size check through PGlite's file system (measured: a tags update 1,880 → 1,220 requests a second).
 */
describe("statistics at start-up on PGlite", () => {
  let server: ConsoleServer;
  let tablesWithStatistics: string[];
  let chatUsers: number;

  beforeAll(async () => {
    server = await startConsole({ database: "pglite" });
    await waitFor(
      "the console's ANALYZE",
      async () => server.output(),
      (output) => output.includes("statistics of the console's tables updated"),
      60_000,
    );
    await server.terminate("SIGTERM");
    const pglite = new PGlite(path.join(server.dataDir, "pglite"));
    try {
      const { rows } = await pglite.query<{ table: string }>(
        `select distinct c.relname as "table" from pg_statistic s join pg_class c on c.oid = s.starelid
         where c.relnamespace = 'public'::regnamespace order by 1`,
      );
      tablesWithStatistics = rows.map((row) => row.table);
      const counted = await pglite.query<{ count: number }>("select count(*)::int as count from chat_users");
      chatUsers = counted.rows[0]!.count;
    } finally {
      await pglite.close();
    }
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("analyzes the console's tables and none of the chat service's", () => {
    // ANALYZE keeps statistics only for a table with rows: at first start, the first admin's and the demo data's.
    expect(tablesWithStatistics).toContain("operators");
    expect(chatUsers).toBeGreaterThan(0);
    expect(tablesWithStatistics.filter((table) => table.startsWith("chat_"))).toEqual([]);
  });
});
