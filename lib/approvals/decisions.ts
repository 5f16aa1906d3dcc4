import { and, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Actor } from "@/lib/audit/actor";
import type { Database } from "@/lib/db/client";
import { blockJobs } from "@/lib/db/schema";
import { affectedByItems } from "@/lib/incidents/chunk-call";
import { jobResults, settleUnsent, type BlockJob } from "@/lib/incidents/jobs";

/**
 * The state changes of two-person approval. Each is one conditional UPDATE, so the database decides
 * between operators pressing at the same moment, in one process or several: of twenty approvals of
 * one request, one changes the row and starts the job; the others change nothing and are told why.
 */

type Ending = "rejected" | "withdrawn" | "expired";

const decided = (decider: Actor | null, reason: string | null) => ({
  decidedById: decider?.id ?? null,
  decidedByEmail: decider?.email ?? null,
  decidedByRole: decider?.role ?? "system",
  decisionReason: reason,
  decidedAt: new Date(),
  updatedAt: new Date(),
});

/** Not the requester: compared by id, and by email for a job whose creator has no id (the command line). */
const notRequestedBy = (operator: Actor): SQL =>
  and(
    operator.id === null
      ? undefined
      : or(sql`${blockJobs.createdById} is null`, ne(blockJobs.createdById, operator.id)),
    operator.email === null ? undefined : ne(blockJobs.createdByEmail, operator.email),
  ) ?? sql`true`;

const waiting = (jobId: string) =>
  and(eq(blockJobs.id, jobId), eq(blockJobs.status, "awaiting_approval"), sql`${blockJobs.approvalExpiresAt} > now()`);

/** Approves a request and so starts its job; undefined when this approval changed nothing. */
export async function approveRequest(
  db: Database,
  jobId: string,
  approver: Actor,
  reason: string,
): Promise<BlockJob | undefined> {
  const [job] = await db
    .update(blockJobs)
    .set({ status: "running", ...decided(approver, reason) })
    .where(and(waiting(jobId), notRequestedBy(approver)))
    .returning();
  return job;
}

/** Ends a request without sending anything: its UIDs are recorded as not sent, with why. */
async function endRequest(
  db: Database,
  condition: SQL | undefined,
  to: Ending,
  decider: Actor | null,
  reason: string | null,
): Promise<BlockJob[]> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(blockJobs)
      .set({ status: to, finishedAt: new Date(), ...decided(decider, reason) })
      .where(condition)
      .returning();
    const settled: BlockJob[] = [];
    for (const job of ended) {
      const updated = await settleUnsent(tx, job, `Not sent: the request for approval was ${to}.`);
      if (updated) settled.push(updated);
    }
    return settled;
  });
}

export async function rejectRequest(db: Database, jobId: string, rejecter: Actor, reason: string) {
  return (await endRequest(db, and(waiting(jobId), notRequestedBy(rejecter)), "rejected", rejecter, reason))[0];
}

/** Only the requester withdraws their own request; one that has expired is left to the expiry. */
export async function withdrawRequest(db: Database, jobId: string, requester: Actor, reason: string) {
  const own = and(
    waiting(jobId),
    requester.email === null ? sql`false` : eq(blockJobs.createdByEmail, requester.email),
  );
  return (await endRequest(db, own, "withdrawn", requester, reason))[0];
}

/**
 * Expires every request past its time, once: whichever process's UPDATE takes a row returns it, so
 * the "expired" entry is logged by that process alone. `jobId` limits it to one request.
 */
export async function expireDueRequests(db: Database, jobId?: string): Promise<BlockJob[]> {
  const due = and(
    eq(blockJobs.status, "awaiting_approval"),
    lte(blockJobs.approvalExpiresAt, sql`now()`),
    jobId ? eq(blockJobs.id, jobId) : undefined,
  );
  return endRequest(db, due, "expired", null, null);
}

/** Expired requests whose "expired" entry nobody has written or is writing: this process takes them. */
export async function claimExpiryLogs(db: Database, jobId?: string): Promise<BlockJob[]> {
  return db
    .update(blockJobs)
    .set({ expiryLogLeaseUntil: sql`now() + interval '1 minute'` })
    .where(
      and(
        eq(blockJobs.status, "expired"),
        isNull(blockJobs.expiryLoggedAt),
        or(isNull(blockJobs.expiryLogLeaseUntil), lte(blockJobs.expiryLogLeaseUntil, sql`now()`)),
        jobId ? eq(blockJobs.id, jobId) : undefined,
      ),
    )
    .returning();
}

/** The expiry's entry is committed (`written`), or could not be: then the next sweep tries again. */
export async function settleExpiryLog(db: Database, jobId: string, written: boolean): Promise<void> {
  await db
    .update(blockJobs)
    .set(written ? { expiryLoggedAt: new Date() } : { expiryLogLeaseUntil: null })
    .where(eq(blockJobs.id, jobId));
}

/** Requests still open for a decision, newest first: those of others for `operator`'s badge and list. */
export async function openRequests(db: Database, limit = 50): Promise<BlockJob[]> {
  return db
    .select()
    .from(blockJobs)
    .where(and(eq(blockJobs.status, "awaiting_approval"), sql`${blockJobs.approvalExpiresAt} > now()`))
    .orderBy(desc(blockJobs.createdAt))
    .limit(limit);
}

/** Decided requests and break-glass starts, newest first: what every operator who may block can look back on. */
export async function approvalHistory(db: Database, limit = 20): Promise<BlockJob[]> {
  return db
    .select()
    .from(blockJobs)
    .where(
      or(
        eq(blockJobs.breakGlass, true),
        and(
          isNotNull(blockJobs.approvalExpiresAt),
          inArray(blockJobs.status, [
            "running",
            "paused",
            "cancelled",
            "completed",
            "rejected",
            "withdrawn",
            "expired",
          ]),
        ),
      ),
    )
    .orderBy(desc(sql`coalesce(${blockJobs.decidedAt}, ${blockJobs.createdAt})`))
    .limit(limit);
}

/** Why `operator` cannot approve (or reject) this job now, in words; the job as it is after the attempt. */
export function refusalOf(job: BlockJob, operator: Actor, verb: "approved" | "rejected" | "withdrawn"): string {
  const by = job.decidedByEmail ?? "the system";
  if (job.approvalExpiresAt === null) return `This job needs no approval: it was never waiting for one.`;
  if (job.status === "awaiting_approval" && job.approvalExpiresAt.getTime() <= Date.now())
    return `This request expired at ${job.approvalExpiresAt.toISOString()}: it can no longer be ${verb}. Ask the requester to request it again.`;
  if (
    job.status === "awaiting_approval" &&
    ((operator.id !== null && job.createdById === operator.id) || job.createdByEmail === operator.email)
  )
    return `You requested this job: another moderator or admin must decide on it.`;
  switch (job.status) {
    case "rejected":
      return `This request was rejected by ${by}: it can no longer be ${verb}.`;
    case "withdrawn":
      return `This request was withdrawn by its requester, ${by}: it can no longer be ${verb}.`;
    case "expired":
      return `This request expired at ${job.approvalExpiresAt.toISOString()}: it can no longer be ${verb}.`;
    default:
      return `This request was already approved by ${by}: the job has started.`;
  }
}

/** Why `operator` cannot withdraw this request now, in words. */
export function withdrawalRefusalOf(job: BlockJob, operator: Actor): string {
  if (job.createdByEmail !== operator.email)
    return `Only the requester, ${job.createdByEmail}, can withdraw this request.`;
  return refusalOf(job, operator, "withdrawn");
}

/** Every UID of a job, for the log's UID index: the blocker first; a deletion's senders. */
export async function jobUids(db: Database, job: BlockJob): Promise<string[]> {
  const items = (await jobResults(db, job.id)).map((result) => result.uid);
  return [...(job.blockerUid ? [job.blockerUid] : []), ...affectedByItems(job, items)];
}
