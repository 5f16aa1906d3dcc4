import { and, asc, desc, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { auditCheckpoints, auditEvents, auditEventUids, auditOperationOutcomes } from "@/lib/db/schema";
import { affectedDigest, uidRowFiling } from "./affected";
import type { AuditEvent } from "./append";
import { checkChainSegment, GENESIS_HASH, type ChainBreak } from "./chain";
import { checkCheckpoints, type CheckpointSource } from "./checkpoint-check";
import { verifyCheckpointNote, type AuditVerifier } from "./checkpoint-note";
import { outcomeIndexCheck } from "./outcome-index-check";
import { completionsOf } from "./query";

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

type FiledUids = {
  seq: number;
  count: number;
  /** SHA-256 of the UIDs sorted by code point, as the database sorts them ("C" collation). */
  digest: string;
  actions: string[];
  listed: boolean[];
};

/**
 * Each entry's UID rows, summed up by the database: how many, the SHA-256 of the sorted list, and the
 * actions and places they are filed under. The database does the sorting and hashing on its own core
 * while this process hashes the chain; only entries with UIDs come back, one row each.
 */
async function filedUids(db: Database, first: number, last: number): Promise<Map<number, FiledUids>> {
  const result = (await db.execute(sql`
    select ${auditEventUids.seq} as seq, count(*)::int as count,
      encode(sha256(convert_to(string_agg(${auditEventUids.uid}, E'\n' order by ${auditEventUids.uid} collate "C"), 'UTF8')), 'hex') as digest,
      array_agg(distinct ${auditEventUids.action}) as actions, array_agg(distinct ${auditEventUids.listed}) as listed
    from ${auditEventUids}
    where ${auditEventUids.seq} between ${first} and ${last}
    group by ${auditEventUids.seq}`)) as unknown as { rows: Array<FiledUids & { seq: number | string }> };
  return new Map(result.rows.map((row) => [Number(row.seq), { ...row, seq: Number(row.seq) }]));
}

/**
 * An entry whose UID rows no longer give the list its own hash recorded (rows added or removed), or
 * whose rows file it under another action or another place in the table than the entry's own.
 */
async function uidIndexBreak(db: Database, batch: AuditEvent[]): Promise<ChainBreak | undefined> {
  const filed = await filedUids(db, batch[0]!.seq, batch.at(-1)!.seq);
  for (const entry of batch) {
    const rows = filed.get(entry.seq);
    const edited = (detail: string): ChainBreak => ({ seq: entry.seq, id: entry.id, problem: "edited", detail });
    const { listed } = uidRowFiling(entry);
    const otherAction = rows?.actions.find((action) => action !== entry.action);
    if (otherAction)
      return edited(
        `The UID index files entry ${entry.seq} under ${otherAction}, not under its own action (${entry.action}).`,
      );
    if (rows?.listed.some((place) => place !== listed))
      return edited(
        `The UID index files entry ${entry.seq} ${listed ? "as folded" : "as a row of its own"}, not as the entry records it.`,
      );
    if (!(await uidRowsMatch(db, entry, rows)))
      return edited(
        `The UIDs recorded for entry ${entry.seq} were changed: ${rows?.count ?? 0} found, ${entry.affected?.count ?? 0} recorded in the entry.`,
      );
  }
  return undefined;
}

/** Whether the entry's UID rows are the list its own hash recorded (none, for an entry without UIDs). */
async function uidRowsMatch(db: Database, entry: AuditEvent, rows: FiledUids | undefined): Promise<boolean> {
  const expected = entry.affected;
  if (!expected) return !rows;
  return expected.count === rows?.count && (expected.sha256 === rows.digest || (await sameUids(db, entry)));
}

/**
 * The entry's UIDs hashed here, in the order the entry's own hash was made (UTF-16 code units): it
 * differs from the database's code-point order only for UIDs with characters past U+FFFF.
 */
async function sameUids(db: Database, entry: AuditEvent): Promise<boolean> {
  const rows = await db
    .select({ uid: auditEventUids.uid })
    .from(auditEventUids)
    .where(eq(auditEventUids.seq, entry.seq));
  return entry.affected?.sha256 === affectedDigest(rows.map((row) => row.uid));
}

/** Outcome index rows for entries after the last one: entries were cut from the end of the log. */
async function indexRowsPastTheEnd(db: Database, lastSeq: number): Promise<ChainBreak | undefined> {
  const [left] = await db
    .select({ seq: auditOperationOutcomes.seq })
    .from(auditOperationOutcomes)
    .where(gt(auditOperationOutcomes.seq, lastSeq))
    .orderBy(asc(auditOperationOutcomes.seq))
    .limit(1);
  if (!left) return undefined;
  return {
    seq: left.seq,
    id: null,
    problem: "truncated",
    detail: `The log was cut after entry ${lastSeq}: the outcome index still files entry ${left.seq}, so entries from ${lastSeq + 1} on were removed from the end.`,
  };
}

/**
 * For each checkpoint the chain no longer matches: the last entry up to its size written no later
 * than it was signed (one backward walk of the primary key a checkpoint, over the entries written since).
 */
async function lastWrittenByQuery(
  db: Database,
  sources: CheckpointSource[],
  key: AuditVerifier,
  hashes: Map<number, string>,
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (const source of sources) {
    const check = verifyCheckpointNote(source.note, key);
    if (!check.ok || hashes.get(check.checkpoint.size) === check.checkpoint.hash) continue;
    const { size, signedAt } = check.checkpoint;
    const [row] = await db
      .select({ seq: auditEvents.seq })
      .from(auditEvents)
      .where(and(lte(auditEvents.seq, size), lte(auditEvents.occurredAt, signedAt)))
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    found.set(size, row?.seq ?? 0);
  }
  return found;
}

const nextBatch = (db: Database, after: number) =>
  db.select().from(auditEvents).where(gt(auditEvents.seq, after)).orderBy(asc(auditEvents.seq)).limit(BATCH) as Promise<
    AuditEvent[]
  >;

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
  let indexBreak: ChainBreak | undefined;
  const done = (result: VerificationOutcome, checkpoints = 0): ChainVerification => ({
    ...result,
    checked,
    checkpoints,
    durationMs: performance.now() - started,
  });
  const outcomes = outcomeIndexCheck(db);
  // The database reads the next batch and this one's index rows while this process hashes it.
  let next = nextBatch(db, 0);
  for (;;) {
    const batch = await next;
    if (batch.length === 0) break;
    next = nextBatch(db, batch.at(-1)!.seq);
    // A batch read ahead is dropped if a problem ends the walk first.
    next.catch(() => undefined);
    const indexBreaks = Promise.all([uidIndexBreak(db, batch), outcomes.batch(batch)]);
    indexBreaks.catch(() => undefined);
    const before = state.lastSeq;
    const chainBreak = checkChainSegment(batch, state, (entry) => {
      if (wanted.has(entry.seq)) hashes.set(entry.seq, entry.hash);
    });
    const [uidBreak, outcomeBreak] = await indexBreaks;
    if (chainBreak) {
      checked += Math.max(0, chainBreak.seq - before - 1);
      // No read left running on a connection after the answer: the caller may close the pool next.
      await next.catch(() => undefined);
      return done({ intact: false, firstBreak: chainBreak });
    }
    // An index that disagrees is named after the chain and the checkpoints: entries cut from the end
    // leave their index rows behind, and "truncated" is what happened.
    indexBreak ??= uidBreak ?? outcomeBreak;
    checked += batch.length;
    options.onProgress?.(checked);
    // PGlite answers without yielding: give the rest of the process (requests, timers) a turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const writtenBy = await lastWrittenByQuery(db, sources, options.key, hashes);
  const checkpoints = checkCheckpoints(sources, options.key, {
    size: checked,
    hashAt: (size) => hashes.get(size),
    lastWrittenBy: (size) => writtenBy.get(size),
  });
  if (checkpoints.firstBreak) return done({ intact: false, firstBreak: checkpoints.firstBreak }, checkpoints.checked);
  indexBreak ??=
    (await outcomes.end(async (operationIds) => {
      const completions = await completionsOf(db, operationIds);
      return new Map([...completions].map(([operationId, completion]) => [operationId, completion.outcome]));
    })) ?? (await indexRowsPastTheEnd(db, state.lastSeq));
  if (indexBreak) {
    // The chain holds, so sequence numbers run from 1 without a gap: every entry before this one checked out.
    checked = indexBreak.seq - 1;
    return done({ intact: false, firstBreak: indexBreak }, checkpoints.checked);
  }
  return done(
    {
      intact: true,
      head: checked > 0 ? { seq: state.lastSeq, hash: state.lastHash } : null,
      latestCheckpoint: checkpoints.latest,
    },
    checkpoints.checked,
  );
}
