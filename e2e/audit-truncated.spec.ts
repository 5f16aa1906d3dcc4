import { expect, test } from "@playwright/test";
import pg from "pg";
import { startConsole } from "../tests/support/console-server";
import { signIn as signInOver } from "../tests/support/console-session";
import { ADMIN, signIn } from "./support";

test("a log cut short with SQL: everyone still signs in, and Verify integrity says where it was cut", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // A console of its own on PostgreSQL, whose database is edited the way someone with its keys would.
  const server = await startConsole({
    database: "postgres",
    env: { CONSOLE_ADMIN_EMAIL: ADMIN.email, CONSOLE_ADMIN_PASSWORD: ADMIN.password, AUDIT_CHECKPOINT_MINUTES: "0" },
  });
  const db = new pg.Client({ connectionString: server.databaseUrl });
  const context = await browser.newContext({ baseURL: server.baseUrl, storageState: { cookies: [], origins: [] } });
  try {
    // A few entries to cut from: each sign-in is one.
    for (let times = 0; times < 3; times += 1) await signInOver(server, ADMIN);
    const page = await context.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/audit");
    await page.getByRole("button", { name: "Sign checkpoint" }).click();
    await expect(page.getByText(/Checkpoint signed at \d+ entries/)).toBeVisible();

    await db.connect();
    const signed = Number((await db.query("select max(size) as size from audit_checkpoints")).rows[0].size);
    expect(signed).toBeGreaterThanOrEqual(4);
    const cut = signed - 2;

    // The console stops; someone deletes the log's newest entries, and it starts again on the same data.
    await context.clearCookies();
    await server.terminate("SIGTERM");
    await db.query("alter table audit_events disable trigger audit_events_append_only");
    await db.query("delete from audit_events where seq > $1", [cut]);
    await db.query("alter table audit_events enable trigger audit_events_append_only");
    await server.restart();

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/users/);
    const next = await db.query("select seq, action from audit_events where seq = $1", [cut + 1]);
    expect(next.rows[0]?.action).toBe("auth.sign_in");

    await page.goto("/audit");
    await page.getByRole("button", { name: "Verify integrity" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "The action log is not intact: truncated" });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(alert).toContainText(`The log was cut after entry ${cut}`);
    await expect(alert).toContainText(`covers ${signed} entries`);

    // A sign-in that fails on the server says why in the server's log, not only Auth.js's wrapper.
    await db.query(`create function refuse_entries() returns trigger language plpgsql as $$
      begin raise exception 'the test refuses every new entry'; end $$`);
    await db.query(
      "create trigger refuse_entries before insert on audit_events for each row execute function refuse_entries()",
    );
    await context.clearCookies();
    await page.goto("/login");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Signing in failed on the server. Try again in a moment.")).toBeVisible();
    await expect.poll(() => server.output()).toMatch(/caused by: .*the test refuses every new entry/);
  } finally {
    await db.end().catch(() => undefined);
    await context.close();
    await server.stop();
  }
});
