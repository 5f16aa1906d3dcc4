import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../tests/support/console-server";
import { BENCH_ADMIN_ENV, launchBenchBrowser, signInAsBenchAdmin } from "./lib/bench-browser";
import { buildIfNeeded } from "./lib/build";
import { printTable } from "./lib/table";

/**
 * `npm run bench:memory`: the memory of `npm start` as an operator's server holds it. `npm start` on a
 * fresh data folder (PGlite, the demo data), a sign-in and two pages (a user's workspace, /incidents)
 * in Chromium, then 10 s idle; every process under npm (npm's own included) is summed by its resident
 * memory (VmRSS), the figure the target is set in: at most 400 MB. Then what the largest process holds,
 * by kind of mapping: anonymous memory (the JavaScript heaps of the main thread and PGlite's, PGlite's
 * WebAssembly memory, the allocator's arenas) against node's own code and data.
 */
const TARGET_MB = 400;
const IDLE_MS = 10_000;

type Proc = { pid: number; ppid: number; rssMb: number; command: string };

function processes(): Proc[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const status = readFileSync(`/proc/${name}/status`, "utf8");
        return [
          {
            pid: Number(name),
            ppid: Number(/PPid:\s+(\d+)/.exec(status)![1]),
            rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
            command: readFileSync(`/proc/${name}/cmdline`, "utf8").replace(/\0/g, " ").trim(),
          },
        ];
      } catch {
        return [];
      }
    });
}

function tree(root: number): Proc[] {
  const all = processes();
  const found = all.filter((proc) => proc.pid === root);
  for (let index = 0; index < found.length; index++)
    found.push(...all.filter((proc) => proc.ppid === found[index]!.pid));
  return found;
}

/** The process's resident memory by what is mapped: anonymous, node's binary, each library, the heap. */
function mappings(pid: number): [string, number][] {
  const byName = new Map<string, number>();
  let name = "";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) name = line.split(/\s+/).slice(5).join(" ") || "[anonymous]";
    else if (line.startsWith("Rss:")) byName.set(name, (byName.get(name) ?? 0) + Number(line.split(/\s+/)[1]) / 1024);
  }
  return [...byName].sort((a, b) => b[1] - a[1]);
}

/** Threads of a process by name: node's main thread, its workers (PGlite's), V8's and libuv's helpers. */
function threads(pid: number): string {
  const names = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
    names.set(name, (names.get(name) ?? 0) + 1);
  }
  return [...names].map(([name, count]) => (count > 1 ? `${name} ×${count}` : name)).join(", ");
}

buildIfNeeded();
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), "moderator-console-bench-memory-"));
const npm = spawn("npm", ["start"], {
  env: { ...process.env, ...BENCH_ADMIN_ENV, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
npm.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
npm.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
const baseURL = `http://127.0.0.1:${port}`;
try {
  const deadline = Date.now() + 300_000;
  while ((await fetch(`${baseURL}/api/ready`).catch(() => undefined))?.status !== 200) {
    if (Date.now() > deadline || npm.exitCode !== null) throw new Error(`npm start did not get ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const browser = await launchBenchBrowser();
  const page = await browser.newPage({ baseURL });
  await signInAsBenchAdmin(page);
  await page.goto("/users/cometchat-uid-1");
  await page.goto("/incidents");
  await browser.close();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));

  const procs = tree(npm.pid!);
  const total = procs.reduce((sum, proc) => sum + proc.rssMb, 0);
  console.log(`\nMemory of the \`npm start\` tree (VmRSS), after a sign-in, two pages and ${IDLE_MS / 1000} s idle:\n`);
  printTable(
    ["process", "pid", "VmRSS"],
    procs.map((proc) => [proc.command.slice(0, 70), String(proc.pid), `${proc.rssMb.toFixed(0)} MB`]),
    { numbersRight: true },
  );
  console.log();
  printTable(
    ["measure", "figure", "target", "met"],
    [["`npm start` tree, VmRSS", `${total.toFixed(0)} MB`, `≤ ${TARGET_MB} MB`, total <= TARGET_MB ? "yes" : "no"]],
  );
  const largest = procs.reduce((a, b) => (b.rssMb > a.rssMb ? b : a));
  console.log(`\nThe largest process (${largest.pid}): its resident memory by mapping, and its threads:\n`);
  printTable(
    ["mapping", "resident"],
    mappings(largest.pid)
      .slice(0, 6)
      .map(([name, mb]) => [name, `${mb.toFixed(0)} MB`]),
    { numbersRight: true },
  );
  console.log(`\nthreads: ${threads(largest.pid)}`);
} finally {
  npm.kill("SIGTERM");
  await new Promise((resolve) => (npm.exitCode !== null ? resolve(null) : npm.once("exit", resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}
