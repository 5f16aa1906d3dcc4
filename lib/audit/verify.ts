import { asc, gt } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import { checkChainSegment, GENESIS_HASH, type ChainBreak } from "./chain";

export type ChainVerification =
  | { intact: true; checked: number; head: { seq: number; hash: string } | null; durationMs: number }
  | { intact: false; checked: number; firstBreak: ChainBreak; durationMs: number };

const BATCH = 5000;

/**
 * Walks the whole chain in order of `seq`, a batch at a time (memory stays flat), and reports the
 * number of entries checked or the first entry where the chain breaks: edited, deleted, inserted
 * or reordered.
 */
export async function verifyAuditChain(
  db: Database,
  onProgress?: (checked: number) => void,
): Promise<ChainVerification> {
  const started = performance.now();
  const state = { lastSeq: 0, lastHash: GENESIS_HASH };
  let checked = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.seq, state.lastSeq))
      .orderBy(asc(auditEvents.seq))
      .limit(BATCH);
    if (batch.length === 0) break;
    const firstBreak = checkChainSegment(batch, state);
    if (firstBreak) {
      return {
        intact: false,
        checked: checked + (firstBreak.seq - batch[0]!.seq),
        firstBreak,
        durationMs: performance.now() - started,
      };
    }
    checked += batch.length;
    onProgress?.(checked);
    // PGlite answers without yielding: give the rest of the process (requests, timers) a turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return {
    intact: true,
    checked,
    head: checked > 0 ? { seq: state.lastSeq, hash: state.lastHash } : null,
    durationMs: performance.now() - started,
  };
}
