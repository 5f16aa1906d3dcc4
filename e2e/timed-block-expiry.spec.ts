import { expect, test } from "@playwright/test";
import pg from "pg";
import { startConsole } from "../tests/support/console-server";
import { callActionOver, signIn as signInOver } from "../tests/support/console-session";
import { ADMIN, OPERATORS, signIn } from "./support";

test("a timed block's end is the console's act in the log, naming the moderator and linking their block", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A console of its own on PostgreSQL, so that the block's end can be brought forward with SQL.
  const server = await startConsole({
    database: "postgres",
    env: { CONSOLE_ADMIN_EMAIL: ADMIN.email, CONSOLE_ADMIN_PASSWORD: ADMIN.password },
  });
  const context = await browser.newContext({ baseURL: server.baseUrl, storageState: { cookies: [], origins: [] } });
  const db = new pg.Client({ connectionString: server.databaseUrl });
  try {
    const moderator = OPERATORS.moderator;
    const admin = await signInOver(server, ADMIN);
    const created = await callActionOver(
      server,
      admin,
      "createOperatorAction",
      { ...moderator, role: "moderator" },
      "/operators",
    );
    expect(created.ok).toBe(true);

    const page = await context.newPage();
    await signIn(page, moderator.email, moderator.password);
    await page.goto("/users/siobhan-kelly");
    const panel = page.getByRole("region", { name: "Block users" });
    await panel.getByLabel("UIDs to block").fill("amara-okafor");
    await panel.getByRole("button", { name: "Block", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Block for").selectOption({ label: "1 hour" });
    await dialog.getByRole("button", { name: "Confirm block" }).click();
    await expect(panel.getByRole("table", { name: "Outcome of the block" })).toContainText("Blocked");

    // The hour passes.
    await db.connect();
    const moved = await db.query(
      "update timed_blocks set expires_at = now() where blocker_uid = 'siobhan-kelly' and blocked_uid = 'amara-okafor'",
    );
    expect(moved.rowCount).toBe(1);
    const blocked = page.getByRole("region", { name: "Blocked by this user" });
    await expect(async () => {
      await page.reload();
      await expect(blocked.getByRole("row", { name: /amara-okafor/ })).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    // The moderator signs out; an admin reads the log as an auditor would, filtered on the console itself.
    await context.clearCookies();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/audit");
    const filters = page.getByRole("form", { name: "Filter the action log" });
    await filters.getByLabel("Role").selectOption("system");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/role=system/);
    const table = page.getByRole("table");
    const expiry = table.getByRole("row").filter({ hasText: "users.block.expire" });
    await expect(expiry).toHaveCount(1);
    await expect(expiry).toContainText("The console");
    await expect(expiry).toContainText("system");
    await expect(table).not.toContainText(moderator.email);

    await expiry.getByRole("link", { name: /^Details of entry/ }).click();
    await expect(page.getByText(`Timed block set by ${moderator.email} expired`).first()).toBeVisible();
    await page.getByRole("link", { name: /The operation that set this expiry/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("users.block");
    await expect(page.getByText(moderator.email).first()).toBeVisible();

    // Filtered on the moderator: their block, and not the console's expiry.
    await page.goto(`/audit?actor=${encodeURIComponent(moderator.email)}`);
    await expect(page.getByRole("table").getByText("users.block", { exact: true })).toHaveCount(1);
    await expect(page.getByRole("table")).not.toContainText("users.block.expire");
  } finally {
    await db.end().catch(() => undefined);
    await context.close();
    await server.stop();
  }
});
