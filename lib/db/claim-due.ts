import { inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client";

/** A table of work claimed with a lease (timed blocks, settlements): the claim columns of `setByAndClaim` (lib/db/rate-and-expiry-tables.ts). */
type Claimable = PgTable & { id: PgColumn; claimedBy: PgColumn; claimExpiresAt: PgColumn };

/**
 * Takes up to `limit` rows that `due` selects for `owner`, with a lease: rows another process holds
 * are skipped (FOR UPDATE SKIP LOCKED), so with several processes each row goes to one, and one whose
 * process stopped mid-way is taken up again when its lease has run out. `set` is written with the claim.
 */
export async function claimDue<T extends Claimable>(
  db: Database,
  table: T,
  due: SQL | undefined,
  claim: { owner: string; leaseMs: number; now: Date; limit: number; set?: Record<string, unknown> },
): Promise<T["$inferSelect"][]> {
  const ids = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(due)
    .limit(claim.limit)
    .for("update", { skipLocked: true });
  const lease = { claimedBy: claim.owner, claimExpiresAt: new Date(claim.now.getTime() + claim.leaseMs) };
  return (await db
    .update(table as PgTable)
    .set({ ...claim.set, ...lease } as never)
    .where(inArray(table.id, ids))
    .returning()) as T["$inferSelect"][];
}
