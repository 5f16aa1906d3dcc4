import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class DatabaseBusyError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running console?). ` +
        "PGlite serves one process at a time: stop that process first, or use PostgreSQL (DATABASE_URL) to share the database.",
    );
    this.name = "DatabaseBusyError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite has no locking of its own and two processes on one data folder would corrupt it, so
 * each process claims the folder with a pid file; a file left by a dead process is taken over.
 */
export function claimPgliteFolder(dataDir: string): () => void {
  const file = path.join(dataDir, "pglite.pid");
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, "utf8").trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid))
      throw new DatabaseBusyError(dataDir, pid);
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, String(process.pid));
  return () => {
    if (existsSync(file) && readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true });
  };
}
