import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { ADMIN, CHAT_API_KEY } from "./e2e/support";
import { ssoConsoleEnv, ssoRun } from "./e2e/sso-run";

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = path.join(tmpdir(), `moderator-console-e2e-${port}`);
// A second console signs in through an identity provider that e2e/sso.spec.ts starts on loopback.
const sso = await ssoRun();
// The SSO console's base URL; sso.spec.ts also signs in at 127.0.0.1 and through a proxy.
const ssoBaseURL = `http://localhost:${sso.consolePort}`;
const ssoDataDir = path.join(tmpdir(), `moderator-console-e2e-sso-${sso.consolePort}`);
/** A fresh data folder each run, so that the demo data is loaded anew and no operator is left over. */
const startFresh = (folder: string) =>
  `node -e "require('fs').rmSync(process.argv[1], { recursive: true, force: true })" "${folder}" && node scripts/run.mjs start`;

// Where Playwright cannot download its own browser, the system Chromium stands in; elsewhere
// (no /usr/bin/chromium and no PLAYWRIGHT_CHROMIUM_PATH) Playwright's bundled browser is used.
const executablePath =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const runningAsRoot = process.getuid?.() === 0;

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 60_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        ...(runningAsRoot ? ["--no-sandbox"] : []),
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], storageState: "e2e/.auth/admin.json" },
      dependencies: ["setup"],
      testIgnore: /sso\.spec\.ts/,
    },
    { name: "sso", testMatch: /sso\.spec\.ts/, use: { ...devices["Desktop Chrome"], baseURL: ssoBaseURL } },
  ],
  // One after the other: the first builds the console when a source changed, the second finds it built.
  webServer: [
    {
      command: startFresh(dataDir),
      url: `${baseURL}/`,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        CHAT_API_KEY,
        CONSOLE_ADMIN_EMAIL: ADMIN.email,
        CONSOLE_ADMIN_PASSWORD: ADMIN.password,
        // The test report shows the server's warnings and errors, not a line for each request.
        LOG_LEVEL: "warn",
      },
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: startFresh(ssoDataDir),
      url: `${ssoBaseURL}/login`,
      env: {
        PORT: String(sso.consolePort),
        DATA_DIR: ssoDataDir,
        NODE_ENV: "production",
        CHAT_API_KEY,
        ...ssoConsoleEnv(sso),
        LOG_LEVEL: "warn",
      },
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
