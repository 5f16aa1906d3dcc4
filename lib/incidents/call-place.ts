import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { blockJobs } from "@/lib/db/schema";
import { renewLease, type Chunk } from "./chunk-store";
import { takeCallPlace } from "./rate-budget";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits for a place in the budget all processes share before a chunk's call. "waited" tells the
 * pace the share is used; "paused" or "cancelled" that the job was meanwhile, and "stopping" that
 * this process is shutting down, so nothing is sent.
 */
export async function awaitCallPlace(
  db: Database,
  chunk: Chunk,
  owner: string,
  stopping: () => boolean,
): Promise<"now" | "waited" | "paused" | "cancelled" | "stopping"> {
  let wait = await takeCallPlace(db);
  if (wait === undefined) return "now";
  const started = Date.now();
  for (; wait !== undefined; wait = await takeCallPlace(db)) {
    await sleep(wait);
    if (stopping()) return "stopping";
    const [job] = await db.select({ status: blockJobs.status }).from(blockJobs).where(eq(blockJobs.id, chunk.jobId));
    if (job?.status === "paused") return "paused";
    if (job?.status !== "running") return "cancelled";
  }
  // A long wait renews the chunk's lease, so that no other process takes it over.
  if (Date.now() - started > 1000) await renewLease(db, chunk, owner);
  return "waited";
}
