import { and, asc, gt, gte, lte } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { auditCheckpoints, auditEvents, auditEventUids } from "@/lib/db/schema";
import { affectedDigest } from "./affected";
import type { AuditEvent } from "./append";
import { checkChainSegment, GENESIS_HASH, type ChainBreak } from "./chain";
import { checkCheckpoints, type CheckpointSource } from "./checkpoint-check";
import type { AuditVerifier } from "./checkpoint-note";

type VerificationOutcome =
  | { intact: true; head: { seq: number; hash: string } | null; latestCheckpoint: number | null }
  | { intact: false; firstBreak: ChainBreak };

export type ChainVerification = {
  checked: number;
  /** Signed checkpoints checked against the chain. */
  checkpoints: number;
  durationMs: number;
} & VerificationOutcome;

const BATCH = 5000;

/** An entry whose UID rows no longer give the list its own hash recorded: rows added or removed. */
async function uidIndexBreak(db: Database, batch: AuditEvent[]): Promise<ChainBreak | undefined> {
  const first = batch[0]!.seq;
  const last = batch.at(-1)!.seq;
  const rows = await db
    .select()
    .from(auditEventUids)
    .where(and(gte(auditEventUids.seq, first), lte(auditEventUids.seq, last)));
  const bySeq = new Map<number, string[]>();
  for (const row of rows) (bySeq.get(row.seq) ?? bySeq.set(row.seq, []).get(row.seq)!).push(row.uid);
  for (const entry of batch) {
    const uids = bySeq.get(entry.seq) ?? [];
    const expected = entry.affected;
    if (expected ? expected.count === uids.length && expected.sha256 === affectedDigest(uids) : uids.length === 0)
      continue;
    return {
      seq: entry.seq,
      id: entry.id,
      problem: "edited",
      detail: `The UIDs recorded for entry ${entry.seq} were changed: ${uids.length} found, ${expected?.count ?? 0} recorded in the entry.`,
    };
  }
  return undefined;
}

/**
 * Walks the whole chain in order of `seq`, a batch at a time (memory stays flat), then holds it
 * against every signed checkpoint (in the database and in AUDIT_CHECKPOINT_DIR). Reports the number
 * of entries checked or the first problem, by name: an entry edited, deleted, inserted or
 * reordered; a log shorter than a checkpoint (truncated); a checkpoint whose hash is not the
 * entry's at its size; a checkpoint with a bad signature or from another key.
 */
export async function verifyAuditChain(
  db: Database,
  options: { key: AuditVerifier; files?: CheckpointSource[]; onProgress?: (checked: number) => void },
): Promise<ChainVerification> {
  const started = performance.now();
  const stored = await db.select().from(auditCheckpoints).orderBy(asc(auditCheckpoints.size));
  const sources: CheckpointSource[] = [
    ...stored.map((row) => ({ where: `checkpoint ${row.size} in the database`, note: row.note })),
    ...(options.files ?? []),
  ];
  const hashes = new Map<number, string>();
  const wanted = new Set(sources.map((source) => Number(source.note.split("\n")[1])));
  const state = { lastSeq: 0, lastHash: GENESIS_HASH };
  let checked = 0;
  const done = (result: VerificationOutcome, checkpoints = 0): ChainVerification => ({
    ...result,
    checked,
    checkpoints,
    durationMs: performance.now() - started,
  });
  for (;;) {
    const batch = (await db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.seq, state.lastSeq))
      .orderBy(asc(auditEvents.seq))
      .limit(BATCH)) as AuditEvent[];
    if (batch.length === 0) break;
    const before = state.lastSeq;
    const firstBreak =
      checkChainSegment(batch, state, (entry) => {
        if (wanted.has(entry.seq)) hashes.set(entry.seq, entry.hash);
      }) ?? (await uidIndexBreak(db, batch));
    if (firstBreak) {
      checked += Math.max(0, firstBreak.seq - before - 1);
      return done({ intact: false, firstBreak });
    }
    checked += batch.length;
    options.onProgress?.(checked);
    // PGlite answers without yielding: give the rest of the process (requests, timers) a turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const checkpoints = checkCheckpoints(sources, options.key, { size: checked, hashAt: (size) => hashes.get(size) });
  if (checkpoints.firstBreak) return done({ intact: false, firstBreak: checkpoints.firstBreak }, checkpoints.checked);
  return done(
    {
      intact: true,
      head: checked > 0 ? { seq: state.lastSeq, hash: state.lastHash } : null,
      latestCheckpoint: checkpoints.latest,
    },
    checkpoints.checked,
  );
}
