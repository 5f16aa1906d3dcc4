import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/console-server";
import { waitFor } from "../support/wait-for";

const ROOT = path.resolve(import.meta.dirname, "../..");
const GRACE_SECONDS = 5;

/** The processes under `pid`, as /proc has them: pid, command line and resident memory (MB). */
function descendants(pid: number): Array<{ pid: number; command: string; rssMb: number }> {
  const all = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const status = readFileSync(`/proc/${name}/status`, "utf8");
        const command = readFileSync(`/proc/${name}/cmdline`, "utf8").replaceAll("\0", " ").trim();
        const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1]);
        const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
        return [{ pid: Number(name), ppid, command, rssMb }];
      } catch {
        return [];
      }
    });
  const found: Array<{ pid: number; command: string; rssMb: number }> = [];
  const walk = (parent: number) => {
    for (const child of all.filter((process) => process.ppid === parent)) {
      found.push(child);
      walk(child.pid);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm start` as the README writes it and as a service manager runs it: the signal goes to the npm
 * process, not to the node process under it.
 */
describe("npm start, signalled as a service manager does", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "moderator-console-npm-start-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("runs one node process, stops in order on SIGTERM to npm within the grace, and logs only JSON", async () => {
    const port = await freePort();
    const npm = spawn("npm", ["start"], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        CHAT_API_KEY: "npm-start-test-key",
        SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    npm.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    npm.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));

    await waitFor(
      "the console to be ready",
      async () => (await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined))?.status,
      (status) => status === 200,
      120_000,
    );
    // The console's start-up and its first pages, then the tree as it idles.
    await fetch(`http://127.0.0.1:${port}/login`);
    const tree = descendants(npm.pid!);
    const nodes = tree.filter((process) => /(^|\/)node\b/.test(process.command));
    // One node process, running the compiled server: no tsx, no esbuild service beside it.
    expect(nodes.map((process) => process.command)).toEqual([expect.stringContaining("scripts/run.mjs start")]);
    expect(tree.filter((process) => /esbuild|tsx/.test(process.command))).toEqual([]);

    const signalled = Date.now();
    npm.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan((GRACE_SECONDS + 3) * 1000);
    // The node process is gone when npm is.
    await waitFor(
      "every process of the tree to be gone",
      async () => tree.filter((process) => alive(process.pid)).map((process) => process.command),
      (left) => left.length === 0,
      2_000,
    );

    // npm's own banner ("> moderator-console@… start") aside, every line is one JSON object.
    const lines = stdout.split("\n").filter((line) => line.trim() !== "" && !line.startsWith(">"));
    const entries = lines.map((line) => {
      try {
        return JSON.parse(line) as { msg?: string };
      } catch {
        throw new Error(`A line of the log is not JSON: ${line}`);
      }
    });
    expect(entries.map((entry) => entry.msg)).toEqual(expect.arrayContaining(["shutting down", "stopped"]));
    expect(stderr).toBe("");
  }, 180_000);
});
