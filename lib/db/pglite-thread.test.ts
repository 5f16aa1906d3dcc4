import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asPglite, openSharedPglite } from "./pglite-shared";
import type { PgliteThread } from "./pglite-thread";

const count = async (client: PgliteThread) =>
  (await client.query<{ count: number }>("select count(*)::int as count from items")).rows[0]!.count;

describe("PGlite on a thread of its own", () => {
  let dataDir: string;
  let client: PgliteThread;
  let close: () => Promise<void>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "pglite-thread-"));
    ({ client, close } = await openSharedPglite(dataDir));
    await client.exec("create table items (id int primary key, name text not null, at timestamptz default now())");
  }, 60_000);

  afterAll(async () => {
    await close?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers queries with their rows and fields, as PGlite does", async () => {
    const inserted = await client.query("insert into items (id, name) values ($1, $2), ($3, $4)", [1, "a", 2, "b"]);
    expect(inserted.affectedRows).toBe(2);
    const { rows, fields } = await client.query<{ id: number; name: string }>("select id, name from items order by id");
    expect(rows).toEqual([
      { id: 1, name: "a" },
      { id: 2, name: "b" },
    ]);
    expect(fields.map((field) => field.name)).toEqual(["id", "name"]);
    const [arrays] = [await client.query("select id, name from items order by id", [], { rowMode: "array" })];
    expect(arrays.rows).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
  });

  it("gives PostgreSQL's error with its code and constraint, and goes on answering", async () => {
    await expect(client.query("insert into items (id, name) values (1, 'again')")).rejects.toMatchObject({
      code: "23505",
      constraint: "items_pkey",
      message: expect.stringContaining("duplicate key"),
    });
    expect(await count(client)).toBe(2);
  });

  it("commits a transaction whose function returns, and rolls back one whose function throws", async () => {
    expect(
      await client.transaction(async (tx) => {
        await tx.query("insert into items (id, name) values (3, 'c')");
        return (await tx.query<{ n: number }>("select count(*)::int as n from items")).rows[0]!.n;
      }),
    ).toBe(3);
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into items (id, name) values (4, 'd')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await count(client)).toBe(3);
  });

  it("keeps a second transaction waiting until the first ends, as one connection does", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = client.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (5, 'e')");
      order.push("first inserted");
      await held;
      order.push("first ends");
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = client.transaction(async (tx) => {
      order.push("second starts");
      return (await tx.query<{ n: number }>("select count(*)::int as n from items")).rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await first;
    expect(await second).toBe(4);
    expect(order).toEqual(["first inserted", "first ends", "second starts"]);
  });

  it("serves drizzle: its dates stay text, its transactions and savepoints work", async () => {
    const db = drizzle({ client: asPglite(client) });
    const { rows } = await db.execute<{ at: unknown }>(sql`select at from items where id = 1`);
    expect(typeof rows[0]!.at).toBe("string");
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into items (id, name) values (6, 'f')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into items (id, name) values (7, 'g')`);
          inner.rollback();
        })
        .catch(() => undefined);
    });
    expect((await client.query("select id from items where id in (6, 7)")).rows).toEqual([{ id: 6 }]);
  });

  it("refuses a parser that would change values, since it cannot run on the thread", async () => {
    await expect(
      client.query("select 1 as one", [], { parsers: { 23: (value) => Number(value) * 2 } }),
    ).rejects.toThrow(/parser for type 23/);
  });

  it("does not keep a process alive that forgot to close it", async () => {
    const script = path.join(dataDir, "forgets-to-close.mts");
    writeFileSync(
      script,
      `import { openSharedPglite } from ${JSON.stringify(path.resolve("lib/db/pglite-shared.ts"))};
      const { client } = await openSharedPglite(${JSON.stringify(dataDir)});
      console.log(JSON.stringify((await client.query("select count(*)::int as n from items")).rows));`,
    );
    await close();
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script], {
      cwd: process.cwd(),
      timeout: 30_000,
    });
    expect(JSON.parse(stdout)).toEqual([{ n: 5 }]);
    ({ client, close } = await openSharedPglite(dataDir));
  }, 60_000);
});
