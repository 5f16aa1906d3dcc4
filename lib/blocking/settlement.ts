import { SYSTEM_ACTOR } from "@/lib/audit/actor";
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { auditedOperation, failureOf } from "@/lib/audit/operation";
import { chatApi, ChatApiError } from "@/lib/chat-api";
import { countOutcomes, settleUnknown, type BlockOutcomeRow } from "@/lib/chat-api/block-outcomes";
import { callDeadlineMs } from "@/lib/chat-api/retry";
import type { Database } from "@/lib/db/client";
import { claimDue } from "@/lib/db/claim-due";
import { blockSettlements } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { currentlyBlocked } from "@/lib/incidents/blocked-list";
import { recordBlocks, recordUnblocks, settleExpiries } from "@/lib/timed-blocks/store";
import { blockCompletion } from "./block-answer";
import type { BlockCall } from "./block-call";
import type { BlockCallOrigin } from "./send-block-call";

/**
 * The settlement of blocks and unblocks whose answer was lost: once the call can no longer take
 * effect, the blocker's blocked list tells what it did, and the log records that as an operation of
 * the system under the one whose answer was lost. Rows are in the database, so a settlement survives
 * restarts; a claim with a lease gives each to one process (the timed-block sweep carries them out).
 */

type Settlement = typeof blockSettlements.$inferSelect;

export async function scheduleSettlement(
  db: Database,
  call: BlockCall,
  origin: BlockCallOrigin,
  settleAfter: Date,
): Promise<void> {
  await db.insert(blockSettlements).values({
    operationId: origin.operationId,
    blockerUid: call.blocker,
    verb: call.verb,
    uids: call.uids,
    settleAfter,
    expiresInSeconds: origin.expiresInSeconds,
    setById: origin.actor.id,
    setByEmail: origin.actor.email ?? "system",
    setByRole: origin.actor.role ?? "system",
    reason: origin.reason ?? null,
  });
}

const claimDueSettlements = (db: Database, owner: string, leaseMs: number): Promise<Settlement[]> => {
  const now = new Date();
  const due = and(
    isNull(blockSettlements.settledAt),
    lte(blockSettlements.settleAfter, now),
    or(isNull(blockSettlements.claimExpiresAt), lte(blockSettlements.claimExpiresAt, now)),
  );
  return claimDue(db, blockSettlements, due, { owner, leaseMs, now, limit: 20 });
};

const lostRows = (uids: string[]): BlockOutcomeRow[] =>
  uids.map((uid) => ({
    uid,
    outcome: "unknown",
    message: "The call's answer was lost.",
    unexpected: false,
    raw: undefined,
  }));

async function settleOne(db: Database, settlement: Settlement, owner: string): Promise<void> {
  const { blockerUid: blocker, verb, uids } = settlement;
  const rows = await auditedOperation(
    {
      operationId: randomUUID(),
      actor: SYSTEM_ACTOR,
      action: "users.block.settle",
      parentOperationId: settlement.operationId,
      affectedUids: [blocker, ...uids],
      targetUid: blocker,
      reason: `The answer to a ${verb} by ${settlement.setByEmail} was lost; settled from the blocked list once the call could no longer take effect`,
      requestBody: { verb, uids, settleAfter: settlement.settleAfter.toISOString() },
    },
    async () => settleUnknown(lostRows(uids), await currentlyBlocked(chatApi(), blocker), verb),
    {
      success: (settled) => blockCompletion({ rows: settled, counts: countOutcomes(settled) }),
      failure: failureOf,
    },
  );
  const withOutcome = (outcome: string) => rows.filter((row) => row.outcome === outcome).map((row) => row.uid);
  if (verb === "block")
    await recordBlocks(db, {
      blockerUid: blocker,
      blocked: withOutcome("blocked"),
      alreadyBlocked: [],
      expiresInSeconds: settlement.expiresInSeconds,
      operationId: settlement.operationId,
      actor: { id: settlement.setById, email: settlement.setByEmail, role: settlement.setByRole },
      reason: settlement.reason ?? undefined,
    });
  else {
    await recordUnblocks(db, blocker, withOutcome("unblocked"));
    // A timed block's expiry whose unblock's answer was lost waits for this: done, or due again.
    await settleExpiries(db, blocker, { unblocked: withOutcome("unblocked"), stillBlocked: withOutcome("failed") });
  }
  await db
    .update(blockSettlements)
    .set({ settledAt: sql`now()`, claimedBy: null, claimExpiresAt: null })
    .where(and(eq(blockSettlements.id, settlement.id), eq(blockSettlements.claimedBy, owner)));
}

/**
 * Settles what is due, one after the other. A settlement whose list cannot be read stays claimed
 * and is taken up again when its lease runs out. `stopped` is asked before each.
 */
export async function settleDueBlocks(db: Database, owner: string, stopped: () => boolean): Promise<void> {
  const leaseMs = callDeadlineMs(getEnv().chatApiTimeoutMs);
  for (
    let due = await claimDueSettlements(db, owner, leaseMs);
    due.length > 0;
    due = await claimDueSettlements(db, owner, leaseMs)
  ) {
    for (const settlement of due) {
      if (stopped()) return;
      try {
        await settleOne(db, settlement, owner);
      } catch (error) {
        if (!(error instanceof ChatApiError)) throw error;
      }
    }
  }
}

/**
 * At shutdown: gives back the settlements `owner` claimed, to be taken up at once elsewhere. A
 * settlement only reads the blocked list, so one cut off at the deadline may safely run again.
 */
export async function releaseSettlementClaims(db: Database, owner: string): Promise<void> {
  await db
    .update(blockSettlements)
    .set({ claimedBy: null, claimExpiresAt: null })
    .where(and(eq(blockSettlements.claimedBy, owner), isNull(blockSettlements.settledAt)));
}
