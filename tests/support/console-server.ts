import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createInChildProcess } from "@/lib/db/pglite-shared";

export type DatabaseKind = "pglite" | "postgres";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * TEST_CHAT_SERVICE=standalone serves the chat API from `npm run chat-service` instead of the
 * console, so that the same contract tests hold for both. A test that configures a real upstream is
 * about the console (it switches its /v3 off), and still gets the console.
 */
function serverProgram(env: Record<string, string> | undefined): string {
  const upstream = ["CHAT_API_BASE_URL", "CHAT_APP_ID", "CHAT_REGION"].some((name) => env?.[name]);
  return process.env.TEST_CHAT_SERVICE === "standalone" && !upstream ? "chat-service" : "serve";
}

/** The PostgreSQL server tests create their throwaway databases on. */
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The databases to run database-facing tests on: both by default. Without a reachable
 * PostgreSQL a developer's run goes on with PGlite and says so; CI insists on both.
 */
export async function databaseKinds(): Promise<DatabaseKind[]> {
  const wanted = (process.env.TEST_DATABASES ?? "pglite,postgres")
    .split(",")
    .map((kind) => kind.trim()) as DatabaseKind[];
  if (!wanted.includes("postgres") || (await postgresReachable())) return wanted;
  if (process.env.CI)
    throw new Error(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}; CI runs every test on it.`);
  console.warn(`PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}: tests run on PGlite only.`);
  return wanted.filter((kind) => kind !== "postgres");
}

export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `mc_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export type ConsoleServer = {
  baseUrl: string;
  chatBaseUrl: string;
  apiKey: string;
  database: DatabaseKind;
  dataDir: string;
  /** The PostgreSQL database of a console on `postgres`; PGlite's is in `dataDir`. */
  databaseUrl?: string;
  output: () => string;
  /** The process id of the console now running. */
  pid: () => number;
  /** Stops the process (SIGTERM, or SIGKILL with `hard`) and starts it again on the same data, with `env` changed. */
  restart: (options?: { hard?: boolean; env?: Record<string, string> }) => Promise<void>;
  /** Sends the process a signal and waits for its exit; `restart` starts it again. */
  terminate: (signal: "SIGTERM" | "SIGKILL") => Promise<{ code: number | null; signal: string | null }>;
  stop: () => Promise<void>;
};

export type ConsoleOptions = {
  database?: DatabaseKind;
  env?: Record<string, string>;
  /** A port chosen beforehand: for a test whose other servers must know the console's URL first. */
  port?: number;
};

/**
 * A console that reaches `chatService` through `network` (a proxy that delays or drops answers), with
 * a chat API time-out short enough for a test, and its first admin.
 */
export function startConsoleBehind(
  network: { url: string },
  chatService: ConsoleServer,
  options: {
    timeoutMs: number;
    admin: { email: string; password: string };
    database?: DatabaseKind;
    env?: Record<string, string>;
  },
): Promise<ConsoleServer> {
  return startConsole({
    database: options.database,
    env: {
      ...options.env,
      CHAT_API_BASE_URL: `${network.url}/v3`,
      CHAT_API_KEY: chatService.apiKey,
      CHAT_API_TIMEOUT_MS: String(options.timeoutMs),
      CONSOLE_ADMIN_EMAIL: options.admin.email,
      CONSOLE_ADMIN_PASSWORD: options.admin.password,
    },
  });
}

/**
 * A new PGlite folder, as the console's first start makes one (PGlite's initdb, in a process of its
 * own), made once for every test on this machine and copied into each console's data folder: initdb
 * takes some 6 s of a core, and the tests start a hundred consoles. What the console does next (its
 * migrations, the embedded service's, the demo data) runs in each as on a first start. The first
 * start itself is tested by `npm start` (tests/integration/npm-start.test.ts) and the end-to-end tests.
 */
async function newPgliteFolder(into: string): Promise<void> {
  const manifest = path.join(ROOT, "node_modules/@electric-sql/pglite/package.json");
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  const template = path.join(tmpdir(), `moderator-console-pglite-${version}`);
  if (!existsSync(path.join(template, "PG_VERSION"))) {
    // Made apart and moved into place, so that test runs side by side never read a half-made one.
    const making = mkdtempSync(`${template}-making-`);
    await createInChildProcess(path.join(making, "pglite"));
    try {
      renameSync(path.join(making, "pglite"), template);
    } catch {
      // Another run moved its own into place first: the same folder.
    }
    rmSync(making, { recursive: true, force: true });
  }
  cpSync(template, into, { recursive: true });
}

/**
 * Starts the built console as `npm start` does once built (or the chat service alone, see
 * `serverProgram`), on a free port with its own data folder and database.
 */
export async function startConsole(options: ConsoleOptions = {}): Promise<ConsoleServer> {
  const database = options.database ?? "pglite";
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), "moderator-console-test-"));
  const apiKey = `test-key-${randomBytes(8).toString("hex")}`;
  const postgres = database === "postgres" ? await createPostgresDatabase() : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    CHAT_API_KEY: apiKey,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  };
  for (const name of ["CHAT_API_BASE_URL", "CHAT_APP_ID", "CHAT_REGION"]) {
    if (!options.env?.[name]) delete env[name];
  }
  if (!postgres && !options.env?.DATABASE_URL) {
    delete env.DATABASE_URL;
    await newPgliteFolder(path.join(dataDir, "pglite"));
  }

  let child: ChildProcess | undefined;
  let log = "";
  const baseUrl = `http://127.0.0.1:${port}`;

  const launch = async () => {
    // The compiled server, as `npm start` runs it (scripts/run.mjs compiles it first if the sources changed).
    const started = spawn(process.execPath, ["scripts/run.mjs", serverProgram(options.env)], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = started;
    started.stdout.on("data", (chunk: Buffer) => (log += chunk.toString()));
    started.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (started.exitCode !== null) throw new Error(`The console exited with ${started.exitCode} at start:\n${log}`);
      try {
        // The settings endpoint is never throttled or faulted, so it answers whatever faults are set.
        const response = await fetch(`${baseUrl}/v3/embedded/settings`, { headers: { apikey: apiKey } });
        if (response.status < 500) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`The console did not become ready within 90 s:\n${log}`);
  };

  const halt = async (hard = false) => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    return new Promise<{ code: number | null; signal: string | null }>((resolve) => {
      running.once("exit", (code, signal) => resolve({ code, signal }));
      running.kill(hard ? "SIGKILL" : "SIGTERM");
    });
  };

  await launch();
  return {
    baseUrl,
    chatBaseUrl: `${baseUrl}/v3`,
    apiKey,
    database,
    dataDir,
    ...(postgres ? { databaseUrl: postgres.url } : {}),
    output: () => log,
    pid: () => child?.pid ?? -1,
    restart: async ({ hard = false, env: changed = {} } = {}) => {
      await halt(hard);
      Object.assign(env, changed);
      await launch();
    },
    terminate: async (signal) => {
      const exit = await halt(signal === "SIGKILL");
      if (!exit) throw new Error("The console was not running");
      return exit;
    },
    stop: async () => {
      await halt();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
