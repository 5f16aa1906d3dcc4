import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { getDb, type Database } from "@/lib/db/client";
import { auditCheckpoints, auditEvents } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { SYSTEM_ACTOR } from "./actor";
import { appendAuditEvent } from "./append";
import { signCheckpointNote, signerFromSeed, type AuditSigner, type Checkpoint } from "./checkpoint-note";
import { verifyAuditChain } from "./verify";
import { defineWorker } from "@/lib/workers/define-worker";

export type StoredCheckpoint = Checkpoint & { note: string };

const signers = new Map<string, AuditSigner>();

/** This console's signer, from AUDIT_SIGNING_KEY or the key kept in the data folder. */
export function auditSigner(): AuditSigner {
  const seed = getEnv().audit.signingKeySeed;
  let signer = signers.get(seed);
  if (!signer) {
    signer = signerFromSeed(seed);
    signers.set(seed, signer);
  }
  return signer;
}

export async function latestCheckpoint(db: Database): Promise<StoredCheckpoint | undefined> {
  const [row] = await db.select().from(auditCheckpoints).orderBy(desc(auditCheckpoints.size)).limit(1);
  return row;
}

/** Whether anything but checkpoints' own entries was appended after `size`. */
async function grownSince(db: Database, size: number): Promise<boolean> {
  const [row] = await db
    .select({ seq: auditEvents.seq })
    .from(auditEvents)
    .where(and(gt(auditEvents.seq, size), ne(auditEvents.action, "audit.checkpoint")))
    .limit(1);
  return Boolean(row);
}

/** A copy outside the database, never overwritten: a folder the database's administrators cannot rewrite. */
async function writeCheckpointFile(dir: string, checkpoint: StoredCheckpoint): Promise<void> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `checkpoint-${String(checkpoint.size).padStart(12, "0")}.txt`);
  await writeFile(file, checkpoint.note, { flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
}

/** The checkpoint files of a folder, as notes; verification checks each of them. */
async function checkpointFiles(dir: string): Promise<Array<{ file: string; note: string }>> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => /^checkpoint-\d+\.txt$/.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({ file: path.join(dir, name), note: await readFile(path.join(dir, name), "utf8") })),
  );
}

/**
 * Signs the head of the log, as committed in the database (never this process's own idea of it),
 * unless nothing but checkpoints was appended since the last one. One checkpoint a size: a second
 * process signing the same head finds the first one's, so checkpoints never disagree.
 */
export async function signCheckpoint(
  db: Database,
  options: { force?: boolean } = {},
): Promise<{ checkpoint: StoredCheckpoint; created: boolean } | undefined> {
  const latest = await latestCheckpoint(db);
  if (latest && !options.force && !(await grownSince(db, latest.size))) return undefined;
  const [head] = await db
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  if (!head) return undefined;
  if (latest && head.seq <= latest.size) return { checkpoint: latest, created: false };
  const signer = auditSigner();
  const signedAt = new Date();
  const note = signCheckpointNote({ size: head.seq, hash: head.hash, signedAt }, signer);
  const checkpoint = { origin: signer.name, size: head.seq, hash: head.hash, signedAt, note };
  const inserted = await db
    .insert(auditCheckpoints)
    .values(checkpoint)
    .onConflictDoNothing({ target: auditCheckpoints.size })
    .returning({ size: auditCheckpoints.size });
  if (inserted.length === 0) {
    const [existing] = await db.select().from(auditCheckpoints).where(eq(auditCheckpoints.size, head.seq));
    return existing ? { checkpoint: existing, created: false } : undefined;
  }
  const dir = getEnv().audit.checkpointDir;
  if (dir) await writeCheckpointFile(dir, checkpoint);
  return { checkpoint, created: true };
}

/** The summary a checkpoint's own entry in the log carries. */
export const checkpointSummary = (checkpoint: StoredCheckpoint) => ({
  size: checkpoint.size,
  hash: checkpoint.hash,
  origin: checkpoint.origin,
  signedAt: checkpoint.signedAt.toISOString(),
});

/** The periodic checkpoint: signed by the console itself, and recorded as a log entry of its own. */
export async function signScheduledCheckpoint(db: Database): Promise<void> {
  const result = await signCheckpoint(db);
  if (!result?.created) return;
  await appendAuditEvent({
    operationId: randomUUID(),
    actor: SYSTEM_ACTOR,
    action: "audit.checkpoint",
    outcome: "succeeded",
    reason: "Scheduled checkpoint",
    summary: checkpointSummary(result.checkpoint),
  });
}

/**
 * Every AUDIT_CHECKPOINT_MINUTES (none when 0), in every console process; the one-per-size rule keeps
 * them in agreement. At shutdown no checkpoint starts while the database closes (the next process
 * signs it), and none under way is waited for.
 */
export const checkpointSchedule = defineWorker({
  name: "audit checkpoints",
  everyMs: () => getEnv().audit.checkpointMinutes * 60_000,
  firstTick: "after interval",
  unref: true,
  stopWaits: "nothing",
  init: () => ({}),
  tick: async () => signScheduledCheckpoint(await getDb()),
});

/** The chain and every checkpoint of this console's log: the database's, and the copies in AUDIT_CHECKPOINT_DIR. */
export async function verifyAuditLog(db: Database, onProgress?: (checked: number) => void) {
  const dir = getEnv().audit.checkpointDir;
  const files = dir
    ? (await checkpointFiles(dir)).map(({ file, note }) => ({ where: `checkpoint file ${file}`, note }))
    : [];
  return verifyAuditChain(db, { key: auditSigner(), files, onProgress });
}
