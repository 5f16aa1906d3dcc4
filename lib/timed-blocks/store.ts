import { and, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Actor } from "@/lib/audit/actor";
import { claimDue as claimWithLease } from "@/lib/db/claim-due";
import type { Database } from "@/lib/db/client";
import { timedBlocks } from "@/lib/db/schema";

/**
 * Timed blocks' state changes. A row exists only for a block the console made with an expiry; an
 * operator's later unblock or block of the same pair ends it, so expiry never undoes their choice.
 */

export type TimedBlock = typeof timedBlocks.$inferSelect;

const live = inArray(timedBlocks.status, ["active", "expiring"]);

type Made = {
  blockerUid: string;
  /** UIDs the call blocked ("blocked"): not those blocked before it. */
  blocked: string[];
  /** UIDs it found blocked already: a live expiry of the console's own block is renewed with the new one. */
  alreadyBlocked: string[];
  expiresInSeconds: number | null;
  operationId: string;
  actor: Actor;
  reason?: string;
};

/** After a block: earlier expiries of these pairs end (renewed), and the new one is recorded. */
export async function recordBlocks(db: Database, made: Made): Promise<void> {
  const touched = [...made.blocked, ...made.alreadyBlocked];
  if (touched.length === 0) return;
  const renew = (tx: Database) =>
    tx
      .update(timedBlocks)
      .set({ status: "renewed", updatedAt: new Date() })
      .where(
        and(
          eq(timedBlocks.blockerUid, made.blockerUid),
          inArray(timedBlocks.blockedUid, touched),
          eq(timedBlocks.status, "active"),
        ),
      )
      .returning({ uid: timedBlocks.blockedUid });
  const seconds = made.expiresInSeconds;
  // Until unblocked: one statement, ending what expiry there was.
  if (seconds === null) {
    await renew(db);
    return;
  }
  await db.transaction(async (tx) => {
    const renewed = await renew(tx as unknown as Database);
    // Already blocked counts as the console's own block only when a live expiry says it made it.
    const ours = [...made.blocked, ...renewed.map((row) => row.uid).filter((uid) => made.alreadyBlocked.includes(uid))];
    if (ours.length === 0) return;
    const expiresAt = new Date(Date.now() + seconds * 1000);
    await tx
      .insert(timedBlocks)
      .values(
        ours.map((uid) => ({
          blockerUid: made.blockerUid,
          blockedUid: uid,
          expiresAt,
          status: "active" as const,
          setByOperationId: made.operationId,
          setById: made.actor.id,
          setByEmail: made.actor.email ?? "system",
          setByRole: made.actor.role ?? "system",
          reason: made.reason ?? null,
        })),
      )
      .onConflictDoNothing();
  });
}

/** After an unblock by a person: nothing is left for expiry to do. */
export async function recordUnblocks(db: Database, blockerUid: string, uids: string[]): Promise<void> {
  if (uids.length === 0) return;
  await db
    .update(timedBlocks)
    .set({ status: "removed", updatedAt: new Date() })
    .where(
      and(
        eq(timedBlocks.blockerUid, blockerUid),
        inArray(timedBlocks.blockedUid, uids),
        eq(timedBlocks.status, "active"),
      ),
    );
}

/** The live expiries of a blocker's blocks, by blocked UID. */
export async function expiriesOf(db: Database, blockerUid: string): Promise<Map<string, Date>> {
  const rows = await db
    .select({ uid: timedBlocks.blockedUid, expiresAt: timedBlocks.expiresAt })
    .from(timedBlocks)
    .where(and(eq(timedBlocks.blockerUid, blockerUid), live));
  return new Map(rows.map((row) => [row.uid, row.expiresAt]));
}

/**
 * A moderator's change of a block's expiry: a new time, or none (`null`: until unblocked). Only a
 * block whose expiry is not being carried out right now; gives the expiry before, if any.
 */
export async function changeExpiry(
  db: Database,
  blockerUid: string,
  uid: string,
  change: { expiresAt: Date | null; operationId: string; actor: Actor; reason: string },
): Promise<{ before: Date | null } | "expiring"> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(timedBlocks)
      .where(and(eq(timedBlocks.blockerUid, blockerUid), eq(timedBlocks.blockedUid, uid), live))
      .for("update");
    if (current?.status === "expiring") return "expiring";
    if (current)
      await tx
        .update(timedBlocks)
        .set({ status: "renewed", updatedAt: new Date() })
        .where(eq(timedBlocks.id, current.id));
    if (change.expiresAt) {
      await tx.insert(timedBlocks).values({
        blockerUid,
        blockedUid: uid,
        expiresAt: change.expiresAt,
        status: "active",
        setByOperationId: change.operationId,
        setById: change.actor.id,
        setByEmail: change.actor.email ?? "system",
        setByRole: change.actor.role ?? "system",
        reason: change.reason,
      });
    }
    return { before: current?.expiresAt ?? null };
  });
}

/**
 * Takes up to `limit` due expiries for `owner`, with a lease: with several processes each is
 * carried out by one, and one whose process stopped mid-way is taken up again after the lease.
 */
export async function claimDue(db: Database, owner: string, leaseMs: number, limit = 20): Promise<TimedBlock[]> {
  const now = new Date();
  const due = or(
    and(eq(timedBlocks.status, "active"), lte(timedBlocks.expiresAt, now)),
    and(eq(timedBlocks.status, "expiring"), lte(timedBlocks.claimExpiresAt, now)),
  );
  return claimWithLease(db, timedBlocks, due, {
    owner,
    leaseMs,
    now,
    limit,
    set: { status: "expiring", updatedAt: now },
  });
}

/** Ends an expiry this owner carried out. */
export async function finishExpiry(
  db: Database,
  id: string,
  owner: string,
  status: "expired" | "failed",
  lastError?: string,
): Promise<void> {
  await db
    .update(timedBlocks)
    .set({ status, lastError: lastError ?? null, claimedBy: null, claimExpiresAt: null, updatedAt: sql`now()` })
    .where(and(eq(timedBlocks.id, id), eq(timedBlocks.claimedBy, owner), eq(timedBlocks.status, "expiring")));
}

/**
 * An expiry whose unblock's answer was lost: neither done nor to be sent again before it is known. It
 * stays "expiring" (a moderator's change of it is refused meanwhile) without a lease, so no sweep takes
 * it up, until the unblock's settlement reads the blocked list (`settleExpiries`).
 */
export async function awaitSettlement(db: Database, id: string, owner: string, note: string): Promise<void> {
  await db
    .update(timedBlocks)
    .set({ lastError: note, claimedBy: null, claimExpiresAt: null, updatedAt: sql`now()` })
    .where(and(eq(timedBlocks.id, id), eq(timedBlocks.claimedBy, owner), eq(timedBlocks.status, "expiring")));
}

/** After a settled unblock: the expiries awaiting it end where it took effect, and are due again where it did not. */
export async function settleExpiries(
  db: Database,
  blockerUid: string,
  settled: { unblocked: string[]; stillBlocked: string[] },
): Promise<void> {
  const awaiting = (uids: string[]) =>
    and(
      eq(timedBlocks.blockerUid, blockerUid),
      inArray(timedBlocks.blockedUid, uids),
      eq(timedBlocks.status, "expiring"),
      isNull(timedBlocks.claimedBy),
    );
  if (settled.unblocked.length > 0)
    await db
      .update(timedBlocks)
      .set({ status: "expired", lastError: null, updatedAt: sql`now()` })
      .where(awaiting(settled.unblocked));
  if (settled.stillBlocked.length > 0)
    await db
      .update(timedBlocks)
      .set({ status: "active", updatedAt: sql`now()` })
      .where(awaiting(settled.stillBlocked));
}

/** Gives back the expiries `owner` claimed, but `except` (one under way), to be claimed again at once. */
export async function releaseClaims(db: Database, owner: string, except?: string): Promise<void> {
  await db
    .update(timedBlocks)
    .set({ status: "active", claimedBy: null, claimExpiresAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(timedBlocks.claimedBy, owner),
        eq(timedBlocks.status, "expiring"),
        except === undefined ? undefined : ne(timedBlocks.id, except),
      ),
    );
}
