import type { Database } from "@/lib/db/client";
import type { ChunkOutcomes } from "@/lib/db/schema";
import { recordBlocks, recordUnblocks } from "@/lib/timed-blocks/store";
import { jobCreator } from "@/lib/audit/actor";
import { blockerOf } from "./chunk-call";
import type { BlockJob } from "./jobs";

/** A job's blocks that last a while, and an undo's unblocks, for the expiry of timed blocks. */
export async function recordTimedBlocks(db: Database, job: BlockJob, outcomes: ChunkOutcomes): Promise<void> {
  const uidsWith = (...wanted: string[]) =>
    Object.entries(outcomes)
      .filter(([, entry]) => wanted.includes(entry.outcome))
      .map(([uid]) => uid);
  if (job.kind === "unblock") return recordUnblocks(db, blockerOf(job), uidsWith("unblocked", "not_blocked"));
  if (job.kind !== "block") return;
  // What it sends was not blocked when it started (the blocks before it are recorded as it starts), so
  // a block until unblocked has no earlier expiry to end: nothing to write on the job's path.
  if (job.blockForSeconds === null) return;
  await recordBlocks(db, {
    blockerUid: blockerOf(job),
    blocked: uidsWith("blocked"),
    alreadyBlocked: uidsWith("already_blocked").filter((uid) => !job.preBlocked.includes(uid)),
    expiresInSeconds: job.blockForSeconds,
    operationId: job.operationId,
    actor: jobCreator(job),
    reason: job.reason,
  });
}
