import { and, eq, inArray, lt, notInArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { leaseEnd, releaseLease } from "@/lib/db/rows";
import { blockedIndexState, blockedMessages } from "@/lib/db/schema";
import type { IndexedBlockedMessage } from "./blocked-item";

/** The blocked list's index in SQL: what a complete read writes, and the reader's lease. */

const STATE_ID = "blocked-messages";
const LEASE_SECONDS = 60;
const UPSERT_BATCH = 200;

/** One process reads the blocked list at a time; true when `owner` holds the lease now. */
export async function takeBlockedIndexLease(db: Database, owner: string): Promise<boolean> {
  await db.insert(blockedIndexState).values({ id: STATE_ID }).onConflictDoNothing();
  const taken = await db
    .update(blockedIndexState)
    .set({ leaseOwner: owner, leaseUntil: leaseEnd(LEASE_SECONDS) })
    .where(
      and(
        eq(blockedIndexState.id, STATE_ID),
        sql`(${blockedIndexState.leaseUntil} is null or ${blockedIndexState.leaseUntil} < now() or ${blockedIndexState.leaseOwner} = ${owner})`,
      ),
    )
    .returning({ id: blockedIndexState.id });
  return taken.length > 0;
}

export async function releaseBlockedIndexLease(db: Database, owner: string): Promise<void> {
  await releaseLease(db, blockedIndexState, "leaseUntil", { id: STATE_ID, owner });
}

export async function recordBlockedPass(
  db: Database,
  pass: { startedAt: Date; finishedAt: Date | null; calls: number; error: string | null },
): Promise<void> {
  await db
    .update(blockedIndexState)
    .set({
      ...(pass.finishedAt
        ? { lastPassStartedAt: pass.startedAt, lastPassFinishedAt: pass.finishedAt, lastPassCalls: pass.calls }
        : {}),
      lastError: pass.error,
    })
    .where(eq(blockedIndexState.id, STATE_ID));
}

export async function readBlockedIndexState(db: Database) {
  const [state] = await db.select().from(blockedIndexState).where(eq(blockedIndexState.id, STATE_ID));
  return state;
}

/**
 * Writes what a complete read showed: new messages are pending; one seen again keeps the console's
 * decision (the read may have started before the decision took it out of the list). Pending messages
 * the read did not show count a miss; two make them "gone" (reviewed elsewhere).
 */
export async function writeBlockedPass(db: Database, seen: IndexedBlockedMessage[], readAt: Date): Promise<number> {
  for (let start = 0; start < seen.length; start += UPSERT_BATCH) {
    const batch = seen.slice(start, start + UPSERT_BATCH);
    await db
      .insert(blockedMessages)
      .values(batch.map((message) => ({ ...message, firstSeenAt: readAt, lastSeenAt: readAt })))
      .onConflictDoUpdate({
        target: blockedMessages.messageId,
        set: { lastSeenAt: readAt, missedPasses: 0, senderName: sql`excluded.sender_name`, text: sql`excluded.text` },
      });
  }
  const ids = seen.map((message) => message.messageId);
  const missed = await db
    .update(blockedMessages)
    .set({
      missedPasses: sql`${blockedMessages.missedPasses} + 1`,
      status: sql`case when ${blockedMessages.missedPasses} >= 1 then 'gone' else ${blockedMessages.status} end`,
    })
    .where(
      and(
        eq(blockedMessages.status, "pending"),
        lt(blockedMessages.lastSeenAt, readAt),
        ...(ids.length > 0 ? [notInArray(blockedMessages.messageId, ids)] : []),
      ),
    )
    .returning({ status: blockedMessages.status });
  return missed.filter((row) => row.status === "gone").length;
}

/** Marks messages as being decided, if they still wait: the ids taken, so that two moderators never send one decision twice. */
export async function takeForDecision(db: Database, messageIds: string[], operationId: string): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .update(blockedMessages)
    .set({ status: "deciding", decisionOperationId: operationId })
    .where(and(inArray(blockedMessages.messageId, messageIds), eq(blockedMessages.status, "pending")))
    .returning({ messageId: blockedMessages.messageId });
  return rows.map((row) => row.messageId);
}

/** A decision's end for one message: decided, or back to pending when the service refused or did not answer. */
export async function settleDecision(
  db: Database,
  messageId: string,
  end: { status: "delivered" | "kept" | "pending" | "gone"; decider: { id: string; name: string } },
) {
  await db
    .update(blockedMessages)
    .set(
      end.status === "pending"
        ? { status: "pending", decisionOperationId: null }
        : { status: end.status, decidedById: end.decider.id, decidedByName: end.decider.name, decidedAt: new Date() },
    )
    .where(eq(blockedMessages.messageId, messageId));
}
