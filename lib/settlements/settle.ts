import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import { SYSTEM_ACTOR } from "@/lib/audit/actor";
import { auditedOperation, failureOf } from "@/lib/audit/operation";
import type { AuditAction } from "@/lib/audit/vocabulary";
import { chatApi, ChatApiError } from "@/lib/chat-api";
import { callDeadlineMs } from "@/lib/chat-api/retry";
import type { Database } from "@/lib/db/client";
import { claimDue } from "@/lib/db/claim-due";
import { callSettlements, type SettlementKind } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { readReview } from "@/lib/reports/review-settlement";
import { afterSettled } from "./follow-ups";
import { SETTLEMENT_KINDS } from "./kinds";

/**
 * The one settlement of calls whose answer was lost, whatever their kind: once a call can no longer
 * take effect, the service's state (read as its kind says, ./kinds.ts) tells which of its items it
 * changed; the outcome is logged by the system under the operation whose answer was lost, and what
 * follows from it is recorded (a timed block, an expiry ended, a report decided). Rows are in the
 * database, so a settlement survives restarts; a claim with a lease gives each to one process.
 */

export type Settlement = typeof callSettlements.$inferSelect;

/** Which items took effect, with the message of each; undefined while nothing is known yet. */
type Reading = { done: Set<string>; message: (item: string, done: boolean) => string };

async function readOf(db: Database, settlement: Settlement): Promise<Reading | undefined> {
  if (settlement.kind === "review") {
    const review = await readReview(db, settlement.target!, settlement.settleAfter);
    if (!review) return undefined;
    return { done: new Set(review.reviewed ? settlement.items : []), message: () => review.message };
  }
  const kind = SETTLEMENT_KINDS[settlement.kind];
  const done = await kind.read(chatApi(), settlement.target, settlement.items);
  return {
    done,
    message: (_item, took) =>
      took
        ? `${kind.source}, read once the call could no longer take effect, shows it ${kind.done}.`
        : `${kind.source}, read once the call could no longer take effect, does not show it ${kind.done}: the call did not take effect.`,
  };
}

const doneWord = (kind: SettlementKind) => (kind === "review" ? "reviewed" : SETTLEMENT_KINDS[kind].done);

/** Settles one; false when nothing is known yet (the service could not be read, or the index not since). */
async function settleOne(db: Database, settlement: Settlement, owner: string): Promise<boolean> {
  let reading: Reading | undefined;
  try {
    reading = await readOf(db, settlement);
  } catch (error) {
    if (!(error instanceof ChatApiError)) throw error;
  }
  if (!reading) return false;
  const { done, message } = reading;
  const items = settlement.items;
  const taken = items.filter((item) => done.has(item));
  const missed = items.filter((item) => !done.has(item));
  await auditedOperation(
    {
      operationId: randomUUID(),
      actor: SYSTEM_ACTOR,
      action: settlement.action as AuditAction,
      parentOperationId: settlement.operationId,
      affectedUids: settlement.affectedUids,
      targetUid: settlement.affectedUids[0],
      reason: `The answer to a ${settlement.kind.replaceAll("_", " ")} by ${settlement.setByEmail} was lost; settled from the chat service's state once the call could no longer take effect`,
      requestBody: {
        call: settlement.kind,
        ...(settlement.target ? { target: settlement.target } : {}),
        items,
        settleAfter: settlement.settleAfter.toISOString(),
      },
    },
    () => afterSettled(db, settlement, { taken, missed }),
    {
      success: () => ({
        outcome: missed.length === 0 ? "succeeded" : taken.length === 0 ? "failed" : "partial",
        summary: {
          call: settlement.kind,
          ...(settlement.target ? { target: settlement.target } : {}),
          outcomes: Object.fromEntries(
            items.map((item) => {
              const took = done.has(item);
              return [item, { outcome: took ? doneWord(settlement.kind) : "failed", message: message(item, took) }];
            }),
          ),
        },
      }),
      failure: failureOf,
    },
  );
  await db
    .update(callSettlements)
    .set({ settledAt: sql`now()`, claimedBy: null, claimExpiresAt: null })
    .where(and(eq(callSettlements.id, settlement.id), eq(callSettlements.claimedBy, owner)));
  return true;
}

const claimDueSettlements = (db: Database, owner: string, tried: string[], kinds?: SettlementKind[]) => {
  const now = new Date();
  const due = and(
    isNull(callSettlements.settledAt),
    lte(callSettlements.settleAfter, now),
    or(isNull(callSettlements.claimExpiresAt), lte(callSettlements.claimExpiresAt, now)),
    tried.length > 0 ? notInArray(callSettlements.id, tried) : undefined,
    kinds ? inArray(callSettlements.kind, kinds) : undefined,
  );
  const leaseMs = callDeadlineMs(getEnv().chatApiTimeoutMs);
  return claimDue(db, callSettlements, due, { owner, leaseMs, now, limit: 20 });
};

/** Gives back the settlements `owner` holds and has not settled (of `ids`, or all). */
async function release(db: Database, owner: string, ids?: string[]): Promise<void> {
  await db
    .update(callSettlements)
    .set({ claimedBy: null, claimExpiresAt: null })
    .where(
      and(
        eq(callSettlements.claimedBy, owner),
        isNull(callSettlements.settledAt),
        ids ? inArray(callSettlements.id, ids) : undefined,
      ),
    );
}

/**
 * Settles what is due (of `kinds`, or every kind), one after the other. One that cannot be settled
 * yet is given back, to be tried again at the next sweep. `stopped` is asked before each.
 */
export async function settleDue(
  db: Database,
  owner: string,
  stopped: () => boolean,
  kinds?: SettlementKind[],
): Promise<void> {
  const tried: string[] = [];
  for (
    let due = await claimDueSettlements(db, owner, tried, kinds);
    due.length > 0;
    due = await claimDueSettlements(db, owner, tried, kinds)
  ) {
    const notYet: string[] = [];
    for (const settlement of due) {
      tried.push(settlement.id);
      if (stopped()) return release(db, owner);
      if (!(await settleOne(db, settlement, owner))) notYet.push(settlement.id);
    }
    if (notYet.length > 0) await release(db, owner, notYet);
  }
}

/**
 * At shutdown: gives back the settlements `owner` claimed, to be taken up at once elsewhere. A
 * settlement only reads the service, so one cut off at the deadline may safely run again.
 */
export const releaseSettlementClaims = (db: Database, owner: string): Promise<void> => release(db, owner);
