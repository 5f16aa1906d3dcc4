import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { closeDb, getDb, type Database } from "../../lib/db/client";
import { createPostgresDatabase, startConsole, type ConsoleServer, type DatabaseKind } from "./console-server";
import { callActionOver, signIn } from "./console-session";

const ADMIN = { email: "admin@audit.test", password: "audit-admin-password-1" };
export const ROOT = path.resolve(import.meta.dirname, "../..");
/** A reason with text an independent verifier must write exactly as the console does. */
export const REASON = 'Spam — «links» 🚫 ünïcode "quoted" \\ back\tslash';

/**
 * An action log written by a real console, as an auditor receives it: a sign-in, a block, a tags
 * change and a checkpoint signed on demand, then the whole log exported as NDJSON and the public key
 * downloaded, each into a file of `dir` (action-log.ndjson, checkpoint.txt, action-log.vkey).
 */
export type RealAuditLog = {
  server: ConsoleServer;
  kind: DatabaseKind;
  /** The PostgreSQL database the console writes to, when it is PostgreSQL. */
  url?: string;
  dir: string;
  file: (name: string) => string;
  ndjson: string;
  checkpoint: { size: number; note: string };
  /** What `npm run audit:verify` needs to find the console's log: its data folder and database. */
  env: NodeJS.ProcessEnv;
  close: () => Promise<void>;
};

export async function realAuditLog(kind: DatabaseKind): Promise<RealAuditLog> {
  const postgres = kind === "postgres" ? await createPostgresDatabase() : undefined;
  const server = await startConsole({
    database: kind,
    env: {
      CONSOLE_ADMIN_EMAIL: ADMIN.email,
      CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      // Nothing signs behind the test's back.
      AUDIT_CHECKPOINT_MINUTES: "0",
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
  });
  const session = await signIn(server, ADMIN);
  const act = async (name: string, input: unknown) => {
    const result = await callActionOver<Record<string, unknown>>(server, session, name, input, "/audit");
    if (!result.ok) throw new Error(`${name} failed: ${result.message}`);
    return result.data;
  };
  await act("blockUsersAction", {
    blocker: "cometchat-uid-3",
    uids: ["kevin-price", "cometchat-uid-4"],
    reason: REASON,
  });
  await act("updateConversationTagsAction", {
    onBehalfOf: "cometchat-uid-1",
    kind: "user",
    peer: "cometchat-uid-2",
    tags: ["sent", "vérifié", "🚩"],
    expectedTags: null,
    reason: "tidy 1.5e-7",
  });
  const signed = (await act("signCheckpointAction", {})) as { size: number; note: string };
  const get = async (route: string) => {
    const response = await fetch(`${server.baseUrl}${route}`, { headers: { Cookie: session.cookie } });
    if (!response.ok) throw new Error(`${route}: HTTP ${response.status} ${await response.text()}`);
    return response.text();
  };
  const ndjson = await get("/audit/export?format=ndjson");
  const publicKey = await get("/audit/public-key");
  const dir = mkdtempSync(path.join(tmpdir(), "audit-verify-"));
  const file = (name: string) => path.join(dir, name);
  writeFileSync(file("action-log.ndjson"), ndjson);
  writeFileSync(file("checkpoint.txt"), signed.note);
  writeFileSync(file("action-log.vkey"), publicKey);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: postgres?.url ?? "" };
  return {
    server,
    kind,
    url: postgres?.url,
    dir,
    file,
    ndjson,
    checkpoint: { size: signed.size, note: signed.note },
    env,
    close: async () => {
      await closeDb();
      await server.stop();
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a command as a person would in a shell at the project's root (or `cwd`), and waits for it. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}) {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? process.env,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, output: result.stdout + result.stderr };
}

/**
 * Opens the console's database from this process, for a change an intruder would make, then closes
 * it: PGlite admits one process at a time, and the command run next must be able to open it.
 */
export async function withConsoleDatabase(log: RealAuditLog, change: (db: Database) => Promise<void>) {
  await closeDb();
  (globalThis as { __moderatorConsoleEnv?: unknown }).__moderatorConsoleEnv = undefined;
  process.env.DATA_DIR = log.server.dataDir;
  if (log.url) process.env.DATABASE_URL = log.url;
  else delete process.env.DATABASE_URL;
  try {
    await change(await getDb());
  } finally {
    await closeDb();
  }
}
