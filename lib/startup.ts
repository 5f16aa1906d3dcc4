import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { checkpointSchedule } from "@/lib/audit/checkpoints";
import { ensureFirstAdmin } from "@/lib/auth/operators";
import { closeDb, getDb, getDbKind } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { envOrExit, getEnv, type Env } from "@/lib/env";
import { logSettings } from "@/lib/env-log";
import type { OidcConfig } from "@/lib/env-sso";
import { jobRunner } from "@/lib/incidents/runner";
// Every kind of job, registered for the runner, the approvals and the job pages of this process.
import "@/lib/job-kinds";
import { approvalExpiry } from "@/lib/approvals/expiry";
import { onShutdown } from "@/lib/lifecycle";
import { log } from "@/lib/log";
import { reportIndexer } from "@/lib/reports/index-worker";
import { blockedIndexer } from "@/lib/blocked-messages/index-worker";
import { raidAlertWatcher } from "@/lib/raid-alerts/worker";
import { timedBlockExpiry } from "@/lib/timed-blocks/expiry";
import { startWorkers } from "@/lib/workers/define-worker";
import { raidSearchRunner } from "@/lib/raid-search/worker";
import { lostAnswerSettlement } from "@/lib/settlements/worker";

/**
 * Start-up of a console process: validate the configuration, migrate the database and create the
 * first admin when there is no operator, start the background runners and register how each stops
 * at shutdown (run by scripts/serve.ts on SIGTERM). A wrong configuration stops the process with a
 * message that names the variable. The embedded chat service starts on its own (`instrumentation.ts`).
 */
export async function prepareServer(): Promise<void> {
  const env = envOrExit(getEnv);
  envOrExit(logSettings);

  const db = await getDb();
  const kind = await getDbKind();
  const { oidc, passwordSignIn } = env.sso;
  // Without password sign-in a password admin could never sign in: the identity provider names the first admin.
  const firstAdmin = passwordSignIn
    ? await ensureFirstAdmin(db, { configured: env.firstAdmin, embedded: env.chatApi.mode === "embedded" })
    : undefined;

  log().info(
    {
      url: `http://localhost:${env.port}`,
      chatApi:
        env.chatApi.mode === "embedded" ? `embedded, served at http://localhost:${env.port}/v3` : env.chatApi.baseUrl,
      database: kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${env.dataDir}`,
      signIn: signInSummary(oidc, passwordSignIn),
    },
    "Moderator Console started",
  );
  if (firstAdmin) reportFirstAdmin(env, firstAdmin);

  // The background workers, each stopped in the shutdown's "work" phase (see defineWorker).
  startWorkers(
    jobRunner,
    raidSearchRunner,
    timedBlockExpiry,
    lostAnswerSettlement,
    approvalExpiry,
    checkpointSchedule,
    reportIndexer,
    blockedIndexer,
    raidAlertWatcher,
  );
  onShutdown("close", "console database", closeDb);
  if (kind === "pglite") {
    // PGlite runs without autovacuum, so its planner would have no statistics at all; a large action
    // log needs them to filter fast. In the background: the console serves meanwhile.
    setTimeout(
      () =>
        void db
          .execute(sql`analyze ${sql.join(consoleTables(), sql`, `)}`)
          .then(() => log().info("statistics of the console's tables updated (ANALYZE)"))
          .catch((err: unknown) => log().error({ err }, "ANALYZE of the console's tables failed")),
      5_000,
    ).unref();
  }
}

/**
 * The console's own tables, and only those: the embedded chat service's share the PGlite instance
 * but are its own. Statistics that show its tables a few pages long make PostgreSQL plan its prepared
 * statements with sequential scans, each a file-size check through PGlite's file system: a third of
 * a tags update's time.
 */
const consoleTables = () =>
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => sql.identifier(getTableName(table)));

/** How people sign in: passwords, the identity provider, or both; and who the admins are without passwords. */
function signInSummary(oidc: OidcConfig | undefined, passwordSignIn: boolean): string {
  if (!oidc) return "passwords";
  if (passwordSignIn) return `${oidc.name} (${oidc.issuer}) and passwords`;
  const groups = [...oidc.roleMap].filter(([, role]) => role === "admin").map(([group]) => group);
  return `${oidc.name} (${oidc.issuer}) only; admins are the people in ${groups.length ? groups.join(", ") : "no group mapped to admin yet"}`;
}

/**
 * A generated password never goes to the log (which log collectors keep and many read): it is
 * written once to a file only this user can read, and the log says where.
 */
function reportFirstAdmin(env: Env, firstAdmin: NonNullable<Awaited<ReturnType<typeof ensureFirstAdmin>>>) {
  if (!firstAdmin.generatedPassword) {
    log().info({ email: firstAdmin.email }, "first admin created from CONSOLE_ADMIN_EMAIL");
    return;
  }
  const file = path.join(env.dataDir, "first-admin-password");
  mkdirSync(env.dataDir, { recursive: true });
  writeFileSync(file, `${firstAdmin.generatedPassword}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  log().warn(
    { email: firstAdmin.email, passwordFile: file },
    `First admin created: sign in as ${firstAdmin.email} with the password in ${file}, then delete that file (or reset it with \`npm run operators -- reset-password ${firstAdmin.email}\`)`,
  );
}
