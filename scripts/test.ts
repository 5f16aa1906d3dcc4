import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { buildIfNeeded } from "./lib/build";

/**
 * `npm test`: every check a change must pass: types, format, lint, unused code and dependencies
 * (knip), then unit and integration tests (vitest, against the built console over real HTTP) and
 * end-to-end tests (Playwright).
 *
 * The integration tests run twice over, on PGlite and on PostgreSQL, and mostly wait (on timers,
 * latencies the tests set, expiries): the two databases' runs go side by side, each one file at a
 * time (the PostgreSQL run followed by the emulator-alone run). Each file makes its own
 * consoles, ports and databases, so the two runs share nothing. The end-to-end tests go after them:
 * side by side with both (tried), a browser and a console more on 2 cores slowed every run two to
 * three times and made timed tests fail.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const bin = (pkg: string, file: string) => path.join(ROOT, "node_modules", pkg, file);
const vitest = bin("vitest", "vitest.mjs");

type Command = { label: string; args: string[]; env?: Record<string, string> };
/** Commands run one after the other; a step's runs go side by side. */
type Run = { commands: Command[] };
type Step = { name: string; runs: Run[] };

/** The integration files that run on each database (they ask `databaseKinds()` which to use). */
const INTEGRATION = "tests/integration";
const perDatabase = readdirSync(path.join(ROOT, INTEGRATION))
  .filter((file) => file.endsWith(".test.ts"))
  .filter((file) => readFileSync(path.join(ROOT, INTEGRATION, file), "utf8").includes("databaseKinds("))
  .map((file) => `${INTEGRATION}/${file}`);

/** `TEST_DATABASES` as the person asked (both by default); split in two only when both are wanted. */
const wanted = (process.env.TEST_DATABASES ?? "pglite,postgres").split(",").map((kind) => kind.trim());
const split = wanted.includes("pglite") && wanted.includes("postgres");

const steps: Step[] = [
  // The static checks read the sources only: they go side by side.
  {
    name: "Type check, format, lint, unused code and dependencies (side by side)",
    runs: [
      { commands: [{ label: "Type check", args: [bin("typescript", "bin/tsc"), "--noEmit"] }] },
      { commands: [{ label: "Format", args: [bin("prettier", "bin/prettier.cjs"), "--check", "."] }] },
      { commands: [{ label: "Lint", args: [bin("eslint", "bin/eslint.js"), "--max-warnings=0", "."] }] },
      { commands: [{ label: "Unused code and dependencies", args: [bin("knip", "bin/knip.js")] }] },
    ],
  },
  {
    name: "Unit and integration tests, and the contract tests against `npm run chat-service` (side by side)",
    runs: [
      // Every unit and integration test; those that take a database, on PGlite.
      { commands: [{ label: "PGlite", args: [vitest, "run"], env: split ? { TEST_DATABASES: "pglite" } : {} }] },
      {
        commands: [
          // Those that take a database, on PostgreSQL.
          ...(split
            ? [
                {
                  label: "PostgreSQL",
                  args: [vitest, "run", "--project", "integration", ...perDatabase],
                  env: { TEST_DATABASES: "postgres" },
                },
              ]
            : []),
          // Then the same contract tests, unchanged, against the emulator served alone (`npm run
          // chat-service`), as other applications run it, on both databases.
          {
            label: "chat-service alone",
            args: [vitest, "run", "--project", "integration", `${INTEGRATION}/chat-service-`],
            env: { TEST_CHAT_SERVICE: "standalone" },
          },
        ],
      },
    ],
  },
  {
    name: "End-to-end tests",
    runs: [{ commands: [{ label: "End to end", args: [bin("@playwright/test", "cli.js"), "test"] }] }],
  },
];

/** One run, its output line by line under its label when it shares the terminal with another. */
function command({ label, args, env }: Command, labelled: boolean): Promise<number> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: labelled ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...env },
  });
  if (labelled)
    for (const stream of [child.stdout!, child.stderr!])
      createInterface({ input: stream }).on("line", (line) => console.log(`[${label}] ${line}`));
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}

async function start({ commands }: Run, labelled: boolean): Promise<number> {
  for (const each of commands) {
    const code = await command(each, labelled);
    if (code !== 0) return code;
  }
  return 0;
}

buildIfNeeded();
for (const { name, runs } of steps) {
  console.log(`\n=== ${name} ===`);
  const codes = await Promise.all(runs.map((run) => start(run, runs.length > 1)));
  if (codes.some((code) => code !== 0)) {
    console.error(`\n${name} failed (the lines above say which run).`);
    process.exit(codes.find((code) => code !== 0) ?? 1);
  }
}
console.log("\nEvery check passed.");
