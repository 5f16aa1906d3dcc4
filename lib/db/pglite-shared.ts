import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { log } from "@/lib/log";
import { claimPgliteFolder } from "./pglite-lock";
import { startPgliteThread, type PgliteThread } from "./pglite-thread";

type Entry = { client: Promise<PgliteThread>; users: number; release: () => void };
const holder = globalThis as typeof globalThis & { __pgliteByFolder?: Map<string, Entry> };

/**
 * PGlite allows one instance per data folder, and the console and the embedded chat service run in
 * one process: both take the folder's instance from here, and the last to let it go closes it.
 */
export async function openSharedPglite(dataDir: string): Promise<{ client: PgliteThread; close: () => Promise<void> }> {
  const folders = (holder.__pgliteByFolder ??= new Map());
  const key = path.resolve(dataDir);
  let entry = folders.get(key);
  if (!entry) {
    const release = claimPgliteFolder(dataDir);
    const client = startPglite(dataDir);
    const created: Entry = { client, users: 0, release };
    client.catch(() => {
      folders.delete(key);
      release();
    });
    folders.set(key, created);
    entry = created;
  }
  const shared = entry;
  shared.users += 1;
  const client = await shared.client;
  let closed = false;
  return {
    client,
    // Synchronous up to the last user, so that a caller can let go without awaiting the others.
    close: async () => {
      if (closed) return;
      closed = true;
      shared.users -= 1;
      if (shared.users > 0) return;
      folders.delete(key);
      await client.close();
      shared.release();
    },
  };
}

/**
 * The thread's client where drizzle's PGlite driver wants a PGlite: it uses `query`, `exec` and
 * `transaction` only, which the thread's client has (./pglite-thread.ts).
 */
export const asPglite = (client: PgliteThread) => client as unknown as PGlite;

/**
 * Memory, measured on the demo data (RSS of a bare Node process holding PGlite, after 2,000 queries):
 * 330 MB with PostgreSQL's default 128 MB of shared buffers, 210 MB with 16 MB. WebAssembly memory
 * only grows, so every buffer once touched stays resident; the tables are small and the operating
 * system caches their files anyway.
 */
const POSTGRESQL_CONF = ["shared_buffers = 16MB", "maintenance_work_mem = 16MB", "temp_buffers = 2MB"];

async function startPglite(dataDir: string): Promise<PgliteThread> {
  const folder = path.join(dataDir, "pglite");
  if (!existsSync(path.join(folder, "PG_VERSION"))) await createInChildProcess(folder);
  return startPgliteThread(folder, POSTGRESQL_CONF, (level, message, err) =>
    log()[level]({ component: "pglite", err }, message),
  );
}

const CREATE_AND_CLOSE = `
const [folder, conf] = process.argv.slice(-2);
import("@electric-sql/pglite")
  .then(async ({ PGlite }) => {
    const client = new PGlite(folder, { postgresqlconf: JSON.parse(conf) });
    await client.waitReady;
    await client.close();
  })
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });`;

/**
 * A new database folder is made by PGlite's initdb, which peaks at ~750 MB and leaves a process
 * holding ~400 MB for good (WebAssembly memory and the allocator's arenas are not given back): done
 * in a short-lived process of its own, the console's first start holds what every later start does
 * (measured in a bare process: 413 → 217 MB idle).
 */
export function createInChildProcess(folder: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["-e", CREATE_AND_CLOSE, folder, JSON.stringify(POSTGRESQL_CONF)],
      { cwd: process.cwd(), maxBuffer: 1 << 20 },
      (error, _stdout, stderr) =>
        error
          ? reject(new Error(`Creating the PGlite database in ${folder} failed: ${stderr || error.message}`))
          : resolve(),
    );
  });
}
