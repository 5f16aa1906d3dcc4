import { afterAll, beforeAll } from "vitest";
import { closeDb, type Database } from "../../lib/db/client";
import { createPostgresDatabase, startConsole, type ConsoleServer } from "./console-server";
import { attachTestDatabase } from "./database";

/**
 * Console processes on one throwaway PostgreSQL database, started before a file's tests and stopped
 * after them, with the test process attached to the same database. `env()` is what each process got,
 * for a test that starts one more.
 */
export function consolesOnOnePostgres(count: number, extraEnv: Record<string, string> = {}) {
  const cluster = {
    servers: [] as ConsoleServer[],
    db: undefined as unknown as Database,
    url: "",
    drop: undefined as (() => Promise<void>) | undefined,
    env: () => ({ DATABASE_URL: cluster.url, ...extraEnv }),
  };
  beforeAll(async () => {
    ({ url: cluster.url, drop: cluster.drop } = await createPostgresDatabase());
    for (let index = 0; index < count; index += 1)
      cluster.servers.push(await startConsole({ database: "postgres", env: cluster.env() }));
    cluster.db = await attachTestDatabase(cluster.url);
  });
  afterAll(async () => {
    await closeDb();
    for (const server of [...cluster.servers].reverse()) await server.stop();
    await cluster.drop?.();
  });
  return cluster;
}
