import { startCheckpointSchedule } from "@/lib/audit/checkpoints";
import { ensureFirstAdmin } from "@/lib/auth/operators";
import { sql } from "drizzle-orm";
import { closeDb, getDb, getDbKind } from "@/lib/db/client";
import { envOrExit, getEnv } from "@/lib/env";
import type { OidcConfig } from "@/lib/env-sso";
import { startJobRunner, stopJobRunner } from "@/lib/incidents/runner";
import { startApprovalExpiry, stopApprovalExpiry } from "@/lib/incidents/approval-expiry";
import { startTimedBlockExpiry, stopTimedBlockExpiry } from "@/lib/timed-blocks/expiry";

/**
 * Start-up of a console process: validate the configuration, migrate the database and create the
 * first admin when there is no operator. A wrong configuration stops the process with a message that
 * names the variable. The embedded chat service starts on its own (`instrumentation.ts`).
 */
export async function prepareServer(): Promise<void> {
  const env = envOrExit(getEnv);

  const db = await getDb();
  const kind = await getDbKind();
  const { oidc, passwordSignIn } = env.sso;
  // Without password sign-in a password admin could never sign in: the identity provider names the first admin.
  const firstAdmin = passwordSignIn
    ? await ensureFirstAdmin(db, { configured: env.firstAdmin, embedded: env.chatApi.mode === "embedded" })
    : undefined;

  const where = kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${env.dataDir}`;
  const chat =
    env.chatApi.mode === "embedded"
      ? `embedded chat API v3, served by this console at http://localhost:${env.port}/v3`
      : `chat API at ${env.chatApi.baseUrl} (embedded service off)`;
  console.log(
    [
      "",
      `Moderator Console on http://localhost:${env.port}`,
      `  mode:     ${chat}`,
      `  database: ${where}`,
      ...signInLines(oidc, passwordSignIn),
      ...firstAdminLines(firstAdmin),
      "",
    ].join("\n"),
  );

  startJobRunner();
  startTimedBlockExpiry(getDb);
  startApprovalExpiry(getDb);
  startCheckpointSchedule(getDb);
  if (kind === "pglite") {
    // PGlite runs without autovacuum, so its planner would have no statistics at all; a large action
    // log needs them to filter fast. In the background: the console serves meanwhile.
    setTimeout(
      () => void db.execute(sql`analyze`).catch((error: unknown) => console.error("ANALYZE failed", error)),
      5_000,
    ).unref();
  }

  const shutdown = () => {
    stopTimedBlockExpiry();
    stopApprovalExpiry();
    stopJobRunner()
      .then(() => closeDb())
      .catch((error: unknown) => console.error("Closing the database failed", error))
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

function signInLines(oidc: OidcConfig | undefined, passwordSignIn: boolean): string[] {
  if (!oidc) return [];
  const groups = [...oidc.roleMap].filter(([, role]) => role === "admin").map(([group]) => group);
  return [
    `  sign-in:  ${oidc.name} (${oidc.issuer})${passwordSignIn ? " and passwords" : "; password sign-in is off"}`,
    ...(passwordSignIn
      ? []
      : [`            admins are the people in ${groups.length ? groups.join(", ") : "no group mapped to admin yet"}`]),
  ];
}

function firstAdminLines(firstAdmin: Awaited<ReturnType<typeof ensureFirstAdmin>>): string[] {
  if (!firstAdmin) return [];
  if (!firstAdmin.generatedPassword) return [`  first admin: ${firstAdmin.email} (from CONSOLE_ADMIN_EMAIL)`];
  return [
    "",
    "  First admin created. Sign in with (shown this once; keep it, or reset it with",
    "  `npm run operators -- reset-password admin@example.com`):",
    `    email:    ${firstAdmin.email}`,
    `    password: ${firstAdmin.generatedPassword}`,
  ];
}
