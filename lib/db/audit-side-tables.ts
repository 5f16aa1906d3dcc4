import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export type AffectedUids = { count: number; sample: string[]; sha256: string };

/**
 * Every UID an operation affected, one row each, keyed by the sequence number of the operation's
 * first entry: a filter on one UID is an index walk, however many UIDs a job names. Each row also
 * carries what the log's table filters on beside a UID: the entry's action, and whether the entry is
 * a row of its own in the table (`listed`: not folded under a job or another operation). So "UID +
 * action", "UID, calls alone" and the default "UID" view each walk only their own rows, however
 * many other operations name that UID. Append-only; the entry carries the list's SHA-256, and
 * verification holds each row's action and `listed` against the entry's.
 */
export const auditEventUids = pgTable(
  "audit_event_uids",
  {
    uid: text("uid").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    action: text("action").notNull(),
    listed: boolean("listed").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.uid, table.seq] }),
    index("audit_event_uids_seq_idx").on(table.seq),
    index("audit_event_uids_action_idx").on(table.uid, table.action, table.seq),
    index("audit_event_uids_listed_idx")
      .on(table.uid, table.seq)
      .where(sql`${table.listed}`),
  ],
);

/**
 * Signed checkpoints of the log's head (lib/audit/checkpoint-note.ts): one per size, so that two
 * processes signing at once cannot store two notes for one size. Append-only.
 */
export const auditCheckpoints = pgTable("audit_checkpoints", {
  size: bigint("size", { mode: "number" }).primaryKey(),
  origin: text("origin").notNull(),
  hash: text("hash").notNull(),
  signedAt: timestamp("signed_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
  note: text("note").notNull(),
});

/**
 * The outcome of each operation, keyed by the sequence number of its first entry: the entry's own
 * outcome, replaced by its completion's when that is appended (in the completion's transaction). A
 * filter on an outcome is then one index walk, newest first, however rare the outcome, instead of a
 * look-up of each operation's completion. Derived from the chain, and checked against it by
 * verification (lib/audit/verify.ts).
 */
export const auditOperationOutcomes = pgTable(
  "audit_operation_outcomes",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey(),
    outcome: text("outcome").notNull(),
  },
  (table) => [index("audit_operation_outcomes_outcome_idx").on(table.outcome, table.seq)],
);
