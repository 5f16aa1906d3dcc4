import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { leaseEnd, releaseLease } from "@/lib/db/rows";
import { reportIndexState, reports } from "@/lib/db/schema";
import type { IndexedReport } from "./flagged-item";

/** The index's state changes in SQL: what a complete read of the flagged list writes, and its lease. */

const STATE_ID = "flagged-messages";
/** A pass holds the lease this long, renewed page after page; a process that died leaves it to others. */
const LEASE_SECONDS = 60;
const UPSERT_BATCH = 200;

/**
 * Takes (or keeps) the lease on reading the flagged list: one process reads it at a time, so that two
 * processes never spend the budget twice on one read. True when this owner holds it now.
 */
export async function takeIndexLease(db: Database, owner: string): Promise<boolean> {
  await db.insert(reportIndexState).values({ id: STATE_ID }).onConflictDoNothing();
  const taken = await db
    .update(reportIndexState)
    .set({ leaseOwner: owner, leaseUntil: leaseEnd(LEASE_SECONDS) })
    .where(
      and(
        eq(reportIndexState.id, STATE_ID),
        sql`(${reportIndexState.leaseUntil} is null or ${reportIndexState.leaseUntil} < now() or ${reportIndexState.leaseOwner} = ${owner})`,
      ),
    )
    .returning({ id: reportIndexState.id });
  return taken.length > 0;
}

export async function releaseIndexLease(db: Database, owner: string): Promise<void> {
  await releaseLease(db, reportIndexState, "leaseUntil", { id: STATE_ID, owner });
}

export async function recordPass(
  db: Database,
  pass: { startedAt: Date; finishedAt: Date | null; calls: number; error: string | null },
): Promise<void> {
  await db
    .update(reportIndexState)
    .set({
      ...(pass.finishedAt
        ? { lastPassStartedAt: pass.startedAt, lastPassFinishedAt: pass.finishedAt, lastPassCalls: pass.calls }
        : {}),
      lastError: pass.error,
    })
    .where(eq(reportIndexState.id, STATE_ID));
}

export type IndexState = typeof reportIndexState.$inferSelect;

export async function indexState(db: Database): Promise<IndexState | undefined> {
  const [state] = await db.select().from(reportIndexState).where(eq(reportIndexState.id, STATE_ID));
  return state;
}

/**
 * Writes what a read of the flagged list showed. A report seen again is open again unless the
 * console's own decision is newer than its latest flag (the read may have started before the decision
 * took the message out of the list); a message flagged again after a decision is open again.
 */
export async function upsertReports(db: Database, seen: IndexedReport[], seenAt: Date): Promise<void> {
  for (let start = 0; start < seen.length; start += UPSERT_BATCH) {
    const batch = seen.slice(start, start + UPSERT_BATCH);
    await db
      .insert(reports)
      .values(batch.map((report) => ({ ...report, firstSeenAt: seenAt, lastSeenAt: seenAt })))
      .onConflictDoUpdate({
        target: reports.messageId,
        set: {
          conversationId: sql`excluded.conversation_id`,
          senderName: sql`excluded.sender_name`,
          senderCreatedAt: sql`excluded.sender_created_at`,
          receiverName: sql`excluded.receiver_name`,
          text: sql`excluded.text`,
          message: sql`excluded.message`,
          reporters: sql`excluded.reporters`,
          reasonIds: sql`excluded.reason_ids`,
          reportCount: sql`excluded.report_count`,
          lastFlaggedAt: sql`excluded.last_flagged_at`,
          lastSeenAt: sql`excluded.last_seen_at`,
          missedPasses: 0,
          status: sql`case
            when ${reports.status} = 'gone' then 'open'
            when ${reports.status} = 'decided' and excluded.last_flagged_at > ${reports.decidedAt} then 'open'
            else ${reports.status} end`,
          decision: sql`case
            when ${reports.status} = 'decided' and excluded.last_flagged_at > ${reports.decidedAt} then null
            else ${reports.decision} end`,
        },
      });
  }
}

/**
 * After a complete read: open reports it did not show count one more miss. A read of a list that
 * changes under it (offset pages, newest first) can skip an item when one above it leaves, so a
 * report is taken as decided elsewhere only after two reads in a row missed it. Reports whose
 * decision's outcome is unknown count misses too, for their settlement. Gives how many open reports
 * this read missed, so that the caller may confirm them with a second read at once.
 */
export async function countMisses(db: Database, readStartedAt: Date): Promise<{ missed: number; gone: number }> {
  const missed = await db
    .update(reports)
    .set({
      missedPasses: sql`${reports.missedPasses} + 1`,
      status: sql`case when ${reports.status} = 'open' and ${reports.missedPasses} + 1 >= 2 then 'gone' else ${reports.status} end`,
    })
    .where(and(inArray(reports.status, ["open", "unknown"]), lt(reports.lastSeenAt, readStartedAt)))
    .returning({ status: reports.status });
  const open = missed.filter((row) => row.status !== "unknown");
  return { missed: open.length, gone: open.filter((row) => row.status === "gone").length };
}

export async function reportsByIds(db: Database, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db.select().from(reports).where(inArray(reports.messageId, messageIds));
}
