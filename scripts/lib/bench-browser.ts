import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "@playwright/test";
import { startConsole, type ConsoleServer, type DatabaseKind } from "../../tests/support/console-server";
import { buildIfNeeded } from "./build";

/** The browser benchmarks' operator: an admin made at the console's first start. */
const ADMIN = { email: "bench@example.com", password: "bench-password-123" };

/** What makes the bench admin at a console's first start. */
export const BENCH_ADMIN_ENV = { CONSOLE_ADMIN_EMAIL: ADMIN.email, CONSOLE_ADMIN_PASSWORD: ADMIN.password };

/** Chromium: PLAYWRIGHT_CHROMIUM_PATH, else the system's, else Playwright's own. */
export function launchBenchBrowser(): Promise<Browser> {
  const executablePath =
    process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  return chromium.launch({
    executablePath,
    args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), "--disable-background-networking"],
  });
}

/**
 * The built console with a bench admin, and Chromium, for the benchmarks that measure what a person's
 * browser does.
 */
export async function consoleAndBrowser(database: DatabaseKind): Promise<{ server: ConsoleServer; browser: Browser }> {
  buildIfNeeded();
  const server = await startConsole({ database, env: BENCH_ADMIN_ENV });
  return { server, browser: await launchBenchBrowser() };
}

/** Signs the page in as the bench admin through the sign-in form, as a person does. */
export async function signInAsBenchAdmin(page: Page): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/users/);
}
