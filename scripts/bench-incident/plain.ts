import { readFileSync } from "node:fs";
import type { ConsoleServer } from "../../tests/support/console-server";

export const CHUNK = 25;
export const CONCURRENCY = 4;

/** The plain script: the same chunks, the same concurrency, straight to the service. */
export async function plainRun(server: ConsoleServer, blocker: string, uids: string[]): Promise<number> {
  const chunks: string[][] = [];
  for (let start = 0; start < uids.length; start += CHUNK) chunks.push(uids.slice(start, start + CHUNK));
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++]!;
        const response = await fetch(`${server.chatBaseUrl}/users/${blocker}/blockedusers`, {
          method: "POST",
          headers: { apikey: server.apiKey, "Content-Type": "application/json" },
          body: JSON.stringify({ blockedUids: chunk }),
        });
        if (response.status !== 200) throw new Error(`The service answered ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/** CPU seconds a process has used so far (Linux: user + system time from /proc). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Peak resident memory of a process so far (Linux), in MB. */
export function peakRssMb(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}
