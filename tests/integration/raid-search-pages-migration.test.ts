import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/console-server";
import { MIGRATIONS, migrationsUpTo, openEmptyDatabase } from "../support/migrations";

/**
 * Migrations 0019 and 0020 keep the messages a search matched a batch of pages a row
 * (`raid_search_pages`) rather than a row a message (`raid_search_messages`): a database as 0018 left
 * it, with two searches' messages, migrates forward with every message, oldest first, and "Delete
 * their messages" still finds them.
 */
const BEFORE = "0019_raid_search_pages";
const SEARCH = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const OLD_ROWS = `
  insert into raid_searches (id, status, criteria, cursors, created_by_email, created_by_role, operation_id)
    values ('${SEARCH(1)}', 'completed', '{}', '[]', 'mod@example.com', 'moderator', '${SEARCH(7)}'),
           ('${SEARCH(2)}', 'stopped', '{}', '[]', 'mod@example.com', 'moderator', '${SEARCH(8)}'),
           ('${SEARCH(3)}', 'completed', '{}', '[]', 'mod@example.com', 'moderator', '${SEARCH(9)}');
  insert into raid_search_messages (search_id, message_id, sender, sent_at)
    values ('${SEARCH(1)}', '12', 'raider-1', 1700000002), ('${SEARCH(1)}', '10', 'raider-2', 1700000001),
           ('${SEARCH(1)}', '11', 'raider-1', 1700000001), ('${SEARCH(2)}', '40', 'raider-3', 1700000100);`;

const PAGES = `select search_id as "searchId", messages from raid_search_pages order by search_id, id`;
const OLD_TABLE = `select table_name from information_schema.tables where table_name = 'raid_search_messages'`;
const RAIDER_1 = `select found->>0 as id from raid_search_pages page, json_array_elements(page.messages) found
  where page.search_id = '${SEARCH(1)}' and found->>1 = 'raider-1' order by (found->>2)::bigint, found->>0`;

describe.each(await databaseKinds())("migrations 0019 and 0020 on %s", (kind) => {
  const folder = migrationsUpTo(BEFORE);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("moves every matched message into its search's pages, oldest first, and drops the old table", async () => {
    const database = await openEmptyDatabase(kind);
    try {
      await database.migrate(folder);
      await database.query(OLD_ROWS);
      await database.migrate(MIGRATIONS);
      expect(await database.query(OLD_TABLE)).toEqual([]);
      expect(await database.query(PAGES)).toEqual([
        {
          searchId: SEARCH(1),
          messages: [
            ["10", "raider-2", 1700000001],
            ["11", "raider-1", 1700000001],
            ["12", "raider-1", 1700000002],
          ],
        },
        { searchId: SEARCH(2), messages: [["40", "raider-3", 1700000100]] },
      ]);
      expect(await database.query(RAIDER_1)).toEqual([{ id: "11" }, { id: "12" }]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
