import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildIfNeeded } from "./lib/build";

/**
 * `npm test`: every check a change must pass, in order: types, format, lint, unused code and
 * dependencies (knip), unit and integration tests (vitest, against the built console over real
 * HTTP), then end-to-end tests (Playwright).
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const bin = (pkg: string, file: string) => path.join(ROOT, "node_modules", pkg, file);

const steps: Array<[string, string[], Record<string, string>?]> = [
  ["Type check", [bin("typescript", "bin/tsc"), "--noEmit"]],
  ["Format", [bin("prettier", "bin/prettier.cjs"), "--check", "."]],
  ["Lint", [bin("eslint", "bin/eslint.js"), "--max-warnings=0", "."]],
  ["Unused code and dependencies", [bin("knip", "bin/knip.js")]],
  ["Unit and integration tests", [bin("vitest", "vitest.mjs"), "run"]],
  // The same contract tests, unchanged, against the emulator served alone, as other applications run it.
  [
    "Chat API contract tests against `npm run chat-service`",
    [bin("vitest", "vitest.mjs"), "run", "--project", "integration", "tests/integration/chat-service-"],
    { TEST_CHAT_SERVICE: "standalone" },
  ],
  ["End-to-end tests", [bin("@playwright/test", "cli.js"), "test"]],
];

buildIfNeeded();
for (const [name, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log("\nEvery check passed.");
