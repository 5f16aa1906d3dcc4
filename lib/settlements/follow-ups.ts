import type { Database } from "@/lib/db/client";
import type { SettlementKind } from "@/lib/db/schema";
import { endSettledReview } from "@/lib/reports/review-settlement";
import { recordBlocks, recordUnblocks, settleExpiries } from "@/lib/timed-blocks/store";
import type { Settlement } from "./settle";

type Settled = { taken: string[]; missed: string[] };

/**
 * What the console records once a lost answer is settled, for the kinds whose outcome the console
 * keeps beside the service's: blocks it made (a timed block's expiry among them), expiries that
 * waited for their unblock, a report's decision. The other kinds only log their outcome.
 */
const FOLLOW_UPS: Partial<
  Record<SettlementKind, (db: Database, settlement: Settlement, settled: Settled) => Promise<void>>
> = {
  block: (db, settlement, { taken }) =>
    recordBlocks(db, {
      blockerUid: settlement.target!,
      blocked: taken,
      alreadyBlocked: [],
      expiresInSeconds: settlement.expiresInSeconds,
      operationId: settlement.operationId,
      actor: { id: settlement.setById, email: settlement.setByEmail, role: settlement.setByRole },
      reason: settlement.reason ?? undefined,
    }),
  unblock: async (db, settlement, { taken, missed }) => {
    await recordUnblocks(db, settlement.target!, taken);
    // A timed block's expiry whose unblock's answer was lost waits for this: done, or due again.
    await settleExpiries(db, settlement.target!, { unblocked: taken, stillBlocked: missed });
  },
  review: (db, settlement, { taken }) => endSettledReview(db, settlement.target!, taken.length > 0),
};

export async function afterSettled(db: Database, settlement: Settlement, settled: Settled): Promise<void> {
  await FOLLOW_UPS[settlement.kind]?.(db, settlement, settled);
}
