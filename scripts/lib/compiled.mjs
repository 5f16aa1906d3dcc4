import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The server's own programs (scripts/start.ts, scripts/serve.ts, scripts/chat-service.ts and the
 * thread that holds PGlite) compiled to JavaScript once, so that `npm start` and `npm run chat-service`
 * run plain node: tsx compiled every module at run time, kept source maps on for the whole process
 * and an esbuild service process beside it. esbuild's command line runs as a child process that
 * ends with the compilation. Plain JavaScript, so that node runs it without a compiler.
 *
 * Each compilation goes to a folder named by the hash of its sources (.server/<hash>), written under
 * a temporary name and renamed into place: processes that start together (the tests start many)
 * compile the same sources at most once each and never read a half-written folder.
 */
const ROOT = process.cwd();
const OUT = path.join(ROOT, ".server");
const SOURCES = ["scripts", "chat-service", "lib", "tsconfig.json", "package-lock.json"];
const ENTRIES = ["scripts/start.ts", "scripts/serve.ts", "scripts/chat-service.ts", "lib/db/pglite-thread-worker.ts"];

function* files(entry) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
  } else if (!/\.test\.ts$/.test(entry)) {
    yield entry;
  }
}

function sourceHash() {
  const hash = createHash("sha256");
  for (const source of SOURCES) {
    for (const file of files(path.join(ROOT, source))) {
      hash.update(path.relative(ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/** The folder of the compiled server for the sources as they are now, compiled first if needed. */
export function compiledServer() {
  const folder = path.join(OUT, sourceHash());
  if (existsSync(folder)) return folder;
  const temporary = `${folder}.${process.pid}.tmp`;
  const esbuild = createRequire(path.join(ROOT, "package.json")).resolve("esbuild/bin/esbuild");
  const result = spawnSync(
    process.execPath,
    [
      esbuild,
      ...ENTRIES,
      "--bundle",
      "--platform=node",
      "--format=esm",
      "--target=node20",
      // Dependencies load from node_modules as they are; only the project's own TypeScript is compiled.
      "--packages=external",
      "--splitting",
      `--outdir=${temporary}`,
      "--entry-names=[name]",
      "--chunk-names=chunks/[name]-[hash]",
      "--log-level=warning",
    ],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (result.status !== 0) {
    rmSync(temporary, { recursive: true, force: true });
    console.error("Compiling the server failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
  try {
    renameSync(temporary, folder);
  } catch (error) {
    // Another process compiled the same sources first: its folder is this one's twin.
    rmSync(temporary, { recursive: true, force: true });
    if (!existsSync(folder)) throw error;
  }
  for (const name of readdirSync(OUT)) {
    if (path.join(OUT, name) !== folder && !name.endsWith(".tmp"))
      rmSync(path.join(OUT, name), { recursive: true, force: true });
  }
  return folder;
}
