import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSharedPglite } from "./pglite-shared";
import type { PgliteThread } from "./pglite-thread";

const INT8 = 20;

describe("prepared statements on a shared PGlite", () => {
  let dataDir: string;
  let client: PgliteThread;
  let close: () => Promise<void>;
  let run: Awaited<ReturnType<PgliteThread["preparedRunner"]>>["run"];

  const countNotes = { name: "test_count_notes", text: "select count(*) as count from notes" };
  const noteById = {
    name: "test_note_by_id",
    text: "select id, body, tags, created from notes where id = $1",
  };
  const addNote = {
    name: "test_add_note",
    text: "insert into notes (id, body, tags, created) values ($1, $2, $3::jsonb, $4) returning id",
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "pglite-prepared-"));
    ({ client, close } = await openSharedPglite(dataDir));
    await client.exec("create table notes (id int8 primary key, body text, tags jsonb, created int8 not null)");
    ({ run } = await client.preparedRunner([INT8]));
  }, 60_000);

  afterAll(async () => {
    await close?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("reads each column with its type's parser, nulls as null, and text as it was written", async () => {
    await run(addNote, [1, 'héllo, "world"\n✓', JSON.stringify(["a", "b"]), 1_700_000_000]);
    await run(addNote, [2, null, null, 1_700_000_001]);
    await run(addNote, [3, "", "[]", 0]);
    expect(await run(noteById, [1])).toEqual([
      { id: 1, body: 'héllo, "world"\n✓', tags: ["a", "b"], created: 1_700_000_000 },
    ]);
    expect(await run(noteById, [2])).toEqual([{ id: 2, body: null, tags: null, created: 1_700_000_001 }]);
    expect(await run(noteById, [3])).toEqual([{ id: 3, body: "", tags: [], created: 0 }]);
    expect(await run(noteById, [404])).toEqual([]);
  });

  it("throws PostgreSQL's error with its code, and the next statement runs as usual", async () => {
    await expect(run(addNote, [1, "again", null, 1])).rejects.toMatchObject({
      code: "23505",
      message: expect.stringContaining("duplicate key"),
    });
    await expect(run(addNote, [4, "null created", null, null])).rejects.toMatchObject({ code: "23502" });
    expect(await run(countNotes, [])).toEqual([{ count: 3 }]);
  });

  it("commits a statement that writes asynchronously, and writes its WAL within a fraction of a second", async () => {
    const asyncWrite = {
      name: "test_async_write",
      text: "insert into notes (id, created) values ($1, 0) returning set_config('synchronous_commit', 'off', true)",
      writes: true as const,
    };
    const unwritten = async () =>
      (
        await client.query<{ bytes: number }>(
          "select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), pg_current_wal_flush_lsn())::int as bytes",
        )
      ).rows[0]!.bytes;
    await run(asyncWrite, [10]);
    expect(await unwritten()).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await unwritten()).toBe(0);
    await client.query("delete from notes where id = 10");
  });

  it("waits for a transaction open on the same instance rather than running inside it", async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client
      .transaction(async (tx) => {
        await tx.query("insert into notes (id, created) values (99, 0)");
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error("rolled back on purpose");
      })
      .catch((error: Error) => error.message);
    await insertedYet;
    // Run inside the transaction, it would count the row inserted there; after it, the row is gone.
    const counted = run(countNotes, []);
    expect(await transaction).toBe("rolled back on purpose");
    expect(await counted).toEqual([{ count: 3 }]);
    expect(await run(countNotes, [])).toEqual([{ count: 3 }]);
  });
});
