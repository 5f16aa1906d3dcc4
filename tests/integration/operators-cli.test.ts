import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startConsole } from "../support/console-server";

const dataDir = mkdtempSync(path.join(tmpdir(), "operators-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/operators.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, CHAT_API_KEY: "cli-test-key", DATABASE_URL: "", ...env },
    encoding: "utf8",
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

describe("npm run operators", () => {
  // Five runs of the command, each a process that opens the PGlite database (the first also makes it):
  // over the usual 30 s on 2 slow, busy cores.
  it("creates, lists, changes the role of, disables and resets an operator", { timeout: 120_000 }, () => {
    const created = cli(["create", "Ops@Example.com", "--name", "Olive Ops", "--role", "moderator"]);
    expect(created.status).toBe(0);
    expect(created.out).toContain("Created ops@example.com (moderator).");
    expect(created.out).toMatch(/Password \(shown once\): \S{12,}/);

    expect(cli(["set-role", "ops@example.com", "auditor"]).out).toContain("ops@example.com is now auditor.");
    expect(cli(["disable", "ops@example.com"]).out).toContain("disabled");
    const reset = cli(["reset-password", "ops@example.com", "--password", "a-new-password-123"]);
    expect(reset.out).toContain("was reset");
    expect(reset.out).not.toContain("a-new-password-123");
    expect(cli(["list"]).out).toMatch(/ops@example\.com\tauditor\tdisabled\tOlive Ops/);
  });

  it("says what is wrong with bad input, and exits non-zero", () => {
    const duplicate = cli(["create", "ops@example.com", "--name", "Again", "--role", "support"]);
    expect(duplicate.status).toBe(1);
    expect(duplicate.err).toContain("already exists");
    const role = cli(["create", "new@example.com", "--name", "New", "--role", "boss"]);
    expect(role.status).toBe(1);
    expect(role.err).toContain("Choose a role");
    const weak = cli(["reset-password", "ops@example.com", "--password", "short"]);
    expect(weak.err).toContain("at least 12 characters");
    expect(cli(["disable", "nobody@example.com"]).err).toContain("No operator has the email nobody@example.com");
  });

  it("explains, rather than makes a password, when password sign-in is off", () => {
    const off = {
      AUTH_PASSWORD_SIGN_IN: "false",
      AUTH_OIDC_ISSUER: "https://login.corp.test",
      AUTH_OIDC_CLIENT_ID: "moderator-console",
      AUTH_OIDC_CLIENT_SECRET: "a-secret",
      AUTH_OIDC_NAME: "Corp SSO",
      AUTH_OIDC_ROLE_MAP: "console-admins=admin",
    };
    const created = cli(["create", "new@example.com", "--name", "New", "--role", "support"], off);
    expect(created.status).toBe(1);
    expect(created.err).toContain("create: password sign-in is off (AUTH_PASSWORD_SIGN_IN=false)");
    expect(created.err).toContain("first sign-in with Corp SSO");
    expect(cli(["reset-password", "ops@example.com"], off).err).toContain("reset-password: password sign-in is off");
    // Everything else still works, and says how each operator signs in.
    expect(cli(["list"], off).out).toMatch(/^ops@example\.com\tauditor\tdisabled\tOlive Ops\tpassword$/m);
    expect(cli(["list"], off).out).not.toContain("new@example.com");
  });

  it("refuses the embedded database while a console is running on it", async () => {
    const server = await startConsole();
    try {
      const busy = cli(["list"], { DATA_DIR: server.dataDir });
      expect(busy.status).toBe(1);
      expect(busy.err).toMatch(/in use by process \d+/);
    } finally {
      await server.stop();
    }
  });
});
