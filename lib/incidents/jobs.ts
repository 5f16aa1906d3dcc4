import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { newestRows, rowById } from "@/lib/db/rows";
import { blockJobChunks, blockJobs, type ChunkOutcomes, type RequestPreview } from "@/lib/db/schema";
import { rateBudgetUse, type RateBudgetUse } from "./rate-budget";
import { isBlockKind, JOB_KINDS } from "./job-kinds";
import { jobKindOf } from "./job-kind";

export type BlockJob = typeof blockJobs.$inferSelect;
/** A transaction of `Database`, for changes that must land together with the caller's. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type JobKind = BlockJob["kind"];
type JobPurpose = BlockJob["purpose"];

export type NewJob = {
  kind: JobKind;
  purpose: JobPurpose;
  parentJobId?: string;
  /** The user a block or unblock acts on behalf of; null for the other kinds. */
  blockerUid: string | null;
  /** The group a ban or unban acts in. */
  groupGuid?: string | null;
  /** The search the job's UIDs or messages came from. */
  searchId?: string | null;
  reason: string;
  uids: string[];
  preBlocked: string[];
  chunkSize: number;
  concurrency: number;
  /** A timed block: how long each block made lasts; null or unset until unblocked. */
  blockForSeconds?: number | null;
  createdBy: { id: string | null; email: string; role: string };
  operationId: string;
  /** Outcomes known before anything is sent (UIDs already blocked, deactivated, banned): recorded, not sent. */
  settled?: ChunkOutcomes;
  /**
   * A large job: `request` waits for a second operator until `expiresAt`; `breakGlass` is an admin's
   * start without one, with their reason.
   */
  approval?:
    | { kind: "request"; expiresAt: Date; preview: RequestPreview }
    | { kind: "break_glass"; reason: string; preview: RequestPreview };
};

function approvalValues(job: NewJob): Partial<typeof blockJobs.$inferInsert> {
  const approval = job.approval;
  if (!approval) return {};
  if (approval.kind === "request")
    return { status: "awaiting_approval", approvalExpiresAt: approval.expiresAt, requestPreview: approval.preview };
  return {
    breakGlass: true,
    requestPreview: approval.preview,
    decidedById: job.createdBy.id,
    decidedByEmail: job.createdBy.email,
    decidedByRole: job.createdBy.role,
    decisionReason: approval.reason,
    decidedAt: new Date(),
  };
}

/** The counter that UIDs recorded before anything is sent add to: already blocked, or already so for the other kinds. */
function settledCounts(kind: JobKind, settled: ChunkOutcomes) {
  const unchanged = Object.values(settled).filter((entry) => entry.outcome === JOB_KINDS[kind].unchanged).length;
  return isBlockKind(kind) ? { alreadyBlockedCount: unchanged } : { unchangedCount: unchanged };
}

/** The job and all its chunks in one transaction: a job exists whole or not at all. */
export async function createJob(db: Database, job: NewJob): Promise<BlockJob> {
  const settled = job.settled ?? {};
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(blockJobs)
      .values({
        kind: job.kind,
        purpose: job.purpose,
        parentJobId: job.parentJobId ?? null,
        blockerUid: job.blockerUid,
        groupGuid: job.groupGuid ?? null,
        searchId: job.searchId ?? null,
        reason: job.reason,
        status: "running",
        chunkSize: job.chunkSize,
        concurrency: job.concurrency,
        blockForSeconds: job.blockForSeconds ?? null,
        preBlocked: job.preBlocked,
        createdById: job.createdBy.id,
        createdByEmail: job.createdBy.email,
        createdByRole: job.createdBy.role,
        operationId: job.operationId,
        total: job.uids.length + Object.keys(settled).length,
        doneCount: Object.keys(settled).length,
        ...settledCounts(job.kind, settled),
        ...approvalValues(job),
      })
      .returning();
    const chunks: Array<typeof blockJobChunks.$inferInsert> = [];
    if (Object.keys(settled).length > 0) {
      chunks.push({
        jobId: created!.id,
        chunkIndex: 0,
        uids: Object.keys(settled),
        status: "done",
        outcomes: settled,
        completedAt: new Date(),
      });
    }
    for (let start = 0; start < job.uids.length; start += job.chunkSize) {
      chunks.push({
        jobId: created!.id,
        chunkIndex: chunks.length,
        uids: job.uids.slice(start, start + job.chunkSize),
      });
    }
    for (let start = 0; start < chunks.length; start += 1000)
      await tx.insert(blockJobChunks).values(chunks.slice(start, start + 1000));
    return created!;
  });
}

export const getJob = (db: Database, id: string): Promise<BlockJob | undefined> => rowById(db, blockJobs, id);

export const listJobs = (db: Database, limit = 25): Promise<BlockJob[]> => newestRows(db, blockJobs, limit);

export type JobProgress = {
  job: BlockJob;
  done: number;
  inFlight: number;
  /** UIDs a second over the last 30 seconds. */
  rate: number;
  /** Seconds left at that rate, when it can be told. */
  secondsLeft: number | null;
  /** The budget all jobs share: calls over the last minute, of how many allowed. */
  budget: RateBudgetUse;
};

export async function jobProgress(db: Database, id: string): Promise<JobProgress | undefined> {
  const job = await getJob(db, id);
  if (!job) return undefined;
  const [stats] = (await db
    .select({
      recent:
        sql<number>`coalesce(sum(jsonb_array_length(${blockJobChunks.uids})) filter (where ${blockJobChunks.completedAt} > now() - interval '30 seconds' and ${blockJobChunks.status} = 'done'), 0)`.mapWith(
          Number,
        ),
      inFlight: sql<number>`count(*) filter (where ${blockJobChunks.status} = 'in_flight')`.mapWith(Number),
    })
    .from(blockJobChunks)
    .where(eq(blockJobChunks.jobId, id))) as Array<{ recent: number; inFlight: number }>;
  const window = Math.min(30, Math.max(1, (Date.now() - job.createdAt.getTime()) / 1000));
  const rate = (stats?.recent ?? 0) / window;
  const left = job.total - job.doneCount;
  return {
    job,
    done: job.doneCount,
    inFlight: stats?.inFlight ?? 0,
    rate,
    secondsLeft: job.status === "running" && rate > 0 ? left / rate : null,
    budget: await rateBudgetUse(db),
  };
}

export type JobResult = { uid: string; outcome: string; message: string };

/** Every UID of the job with its outcome so far, in the order the job was given them. */
export async function jobResults(db: Database, id: string): Promise<JobResult[]> {
  const chunks = await db
    .select({ uids: blockJobChunks.uids, status: blockJobChunks.status, outcomes: blockJobChunks.outcomes })
    .from(blockJobChunks)
    .where(and(eq(blockJobChunks.jobId, id), inArray(blockJobChunks.status, ["pending", "in_flight", "done"])))
    .orderBy(asc(blockJobChunks.chunkIndex));
  const results: JobResult[] = [];
  for (const chunk of chunks) {
    for (const uid of chunk.uids) {
      const outcome = chunk.outcomes?.[uid];
      results.push(
        outcome
          ? { uid, ...outcome }
          : { uid, outcome: chunk.status === "in_flight" ? "in_flight" : "pending", message: "" },
      );
    }
  }
  return results;
}

export async function setJobStatus(
  db: Database,
  id: string,
  from: BlockJob["status"][],
  to: BlockJob["status"],
): Promise<BlockJob | undefined> {
  const [job] = await db
    .update(blockJobs)
    .set({ status: to, updatedAt: new Date(), ...(to === "running" ? { lastError: null } : {}) })
    .where(and(eq(blockJobs.id, id), inArray(blockJobs.status, from)))
    .returning();
  return job;
}

/** Cancels a job: chunks not yet sent end as cancelled; chunks on their way finish and are recorded. */
export async function cancelJob(db: Database, id: string): Promise<BlockJob | undefined> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(blockJobs)
      .set({ status: "cancelled", updatedAt: new Date(), finishedAt: new Date() })
      .where(and(eq(blockJobs.id, id), inArray(blockJobs.status, ["running", "paused"])))
      .returning();
    if (!job) return undefined;
    return settleUnsent(tx, job, "Not sent: the job was cancelled.");
  });
}

/**
 * Ends every chunk not yet sent as "cancelled" with `message`, in the caller's transaction, and counts
 * them with the job: a job that was cancelled, or whose request for approval ended without one.
 */
export async function settleUnsent(
  tx: Transaction,
  { id, kind }: Pick<BlockJob, "id" | "kind">,
  message: string,
): Promise<BlockJob | undefined> {
  const pending = await tx
    .select({ chunkIndex: blockJobChunks.chunkIndex, uids: blockJobChunks.uids })
    .from(blockJobChunks)
    .where(and(eq(blockJobChunks.jobId, id), eq(blockJobChunks.status, "pending")));
  let cancelled = 0;
  await jobKindOf(kind).release?.(
    tx,
    id,
    pending.flatMap((chunk) => chunk.uids),
  );
  for (const chunk of pending) {
    const outcomes: ChunkOutcomes = Object.fromEntries(
      chunk.uids.map((uid) => [uid, { outcome: "cancelled", message }]),
    );
    cancelled += chunk.uids.length;
    await tx
      .update(blockJobChunks)
      .set({ status: "done", outcomes, completedAt: new Date() })
      .where(and(eq(blockJobChunks.jobId, id), eq(blockJobChunks.chunkIndex, chunk.chunkIndex)));
  }
  const [updated] = await tx
    .update(blockJobs)
    .set({
      cancelledCount: sql`${blockJobs.cancelledCount} + ${cancelled}`,
      doneCount: sql`${blockJobs.doneCount} + ${cancelled}`,
    })
    .where(eq(blockJobs.id, id))
    .returning();
  return updated;
}

/** The UIDs of a job with one of these outcomes: the failed ones to retry, the blocked ones to undo. */
export async function uidsWithOutcome(db: Database, id: string, outcomes: string[]): Promise<string[]> {
  return (await jobResults(db, id)).filter((result) => outcomes.includes(result.outcome)).map((result) => result.uid);
}
