import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

// The project's folder, where npm runs its scripts: this module also runs compiled, from .server/.
const ROOT = process.cwd();
const STAMP = path.join(ROOT, ".next", "source-stamp");
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "instrumentation.ts",
  "proxy.ts",
  "next.config.mjs",
  "tailwind.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];

function* files(entry: string): Generator<string> {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
  } else {
    yield entry;
  }
}

/** A hash of everything the build reads, so that `npm start` rebuilds only when a source changed. */
function sourceHash(): string {
  const hash = createHash("sha256");
  for (const source of SOURCES) {
    for (const file of files(path.join(ROOT, source))) {
      hash.update(path.relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
    }
  }
  return hash.digest("hex");
}

function nextBin(): string {
  return path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
}

export function buildIfNeeded(): void {
  const current = sourceHash();
  const built =
    existsSync(path.join(ROOT, ".next", "BUILD_ID")) && existsSync(STAMP) && readFileSync(STAMP, "utf8") === current;
  if (built) return;
  console.log("Building the console (first start, or the sources changed)...");
  const result = spawnSync(process.execPath, [nextBin(), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
  writeFileSync(STAMP, current);
}
