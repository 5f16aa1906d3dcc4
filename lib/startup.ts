import { ensureFirstAdmin } from "@/lib/auth/operators";
import { sql } from "drizzle-orm";
import { closeDb, getDb, getDbKind } from "@/lib/db/client";
import { EnvError, getEnv } from "@/lib/env";
import { DEMO_UIDS_WORTH_LOOKING_UP, seedDemoDataIfEmpty } from "@/lib/chat-service/seed";
import { startJobRunner, stopJobRunner } from "@/lib/incidents/runner";

/**
 * Start-up of a console process: validate the configuration, migrate the database, create the
 * first admin when there is no operator and, in embedded mode, load the demo data the first time. A wrong configuration stops the process
 * with a message that names the variable.
 */
export async function prepareServer(): Promise<void> {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`\n${error.message}\n\nFix these variables and start again.\n`);
      process.exit(1);
    }
    throw error;
  }

  const db = await getDb();
  const kind = await getDbKind();
  const seeded = env.chatApi.mode === "embedded" ? await seedDemoDataIfEmpty(db) : false;
  const firstAdmin = await ensureFirstAdmin(db, {
    configured: env.firstAdmin,
    embedded: env.chatApi.mode === "embedded",
  });

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
      `  database: ${where}${seeded ? ", demo data loaded" : ""}`,
      ...(env.chatApi.mode === "embedded"
        ? [`  UIDs to try: ${DEMO_UIDS_WORTH_LOOKING_UP.map(({ uid }) => uid).join(", ")}`]
        : []),
      ...firstAdminLines(firstAdmin),
      "",
    ].join("\n"),
  );

  startJobRunner();
  if (kind === "pglite") {
    // PGlite runs without autovacuum, so its planner would have no statistics at all; a large action
    // log needs them to filter fast. In the background: the console serves meanwhile.
    setTimeout(
      () => void db.execute(sql`analyze`).catch((error: unknown) => console.error("ANALYZE failed", error)),
      5_000,
    ).unref();
  }

  const shutdown = () => {
    stopJobRunner()
      .then(() => closeDb())
      .catch((error: unknown) => console.error("Closing the database failed", error))
      .finally(() => process.exit(0));
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
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
