import { sql } from "drizzle-orm";
import type { Role } from "@/lib/roles";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The console's tables, one schema for PGlite and PostgreSQL. The embedded chat service's `chat_`
 * tables may live in the same database but are its own: chat-service/db/schema.ts.
 */

// The action log's side tables: every UID an operation affected, and signed checkpoints.
export * from "./audit-side-tables";
import type { AffectedUids } from "./audit-side-tables";
export * from "./rate-and-expiry-tables";
export * from "./raid-search-tables";
// The index of reported messages (lib/reports/).
export * from "./report-tables";
// Rules: their tests, the index of blocked messages, raid alerts (lib/rules, lib/blocked-messages, lib/raid-alerts).
export * from "./rules-tables";
import { approvalColumns } from "./approval-columns";
import { instant, startedWorkColumns } from "./columns";
export type { RequestPreview } from "./approval-columns";

export const operators = pgTable(
  "operators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    name: text("name").notNull(),
    role: text("role").$type<Role>().notNull(),
    /** None for an operator from the identity provider: they have no password here. */
    passwordHash: text("password_hash"),
    /** The identity provider's issuer and its `sub` for this person: set for operators it created. */
    identityIssuer: text("identity_issuer"),
    identitySubject: text("identity_subject"),
    /** Bumped when a password is reset or the operator disabled: sessions carrying an older one end. */
    sessionVersion: integer("session_version").notNull().default(1),
    disabledAt: instant("disabled_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check("operators_role_check", sql`${table.role} in ('support', 'moderator', 'auditor', 'admin')`),
    // Each operator signs in one way: with a password, or as one person of one identity provider.
    check(
      "operators_sign_in_check",
      sql`(${table.passwordHash} is not null and ${table.identitySubject} is null and ${table.identityIssuer} is null)
        or (${table.passwordHash} is null and ${table.identitySubject} is not null and ${table.identityIssuer} is not null)`,
    ),
    uniqueIndex("operators_identity_idx").on(table.identityIssuer, table.identitySubject),
  ],
);

/**
 * What operators wrote about a chat user (lib/notes/): the console's own data, kept whether or not the
 * chat service knows the UID. Deleting a note removes its row: its text stays in the action log.
 */
export const userNotes = pgTable(
  "user_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lowercased, as the chat service keeps UIDs. */
    uid: text("uid").notNull(),
    text: text("text").notNull(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => operators.id),
    createdAt: instant("created_at").notNull().defaultNow(),
    /** Set by each edit; null for a note as first written. */
    editedAt: instant("edited_at"),
    editedById: uuid("edited_by_id").references(() => operators.id),
  },
  (table) => [index("user_notes_uid_idx").on(table.uid, table.createdAt.desc(), table.id.desc())],
);

/**
 * The action log: append-only and hash-chained. Each entry carries the hash of the one before it
 * and its own (lib/audit/chain.ts); a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey(),
    id: uuid("id").notNull().unique(),
    occurredAt: timestamp("occurred_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    operationId: uuid("operation_id").notNull(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email"),
    actorRole: text("actor_role"),
    action: text("action").notNull(),
    targetUid: text("target_uid"),
    onBehalfOf: text("on_behalf_of"),
    reason: text("reason"),
    requestBody: jsonb("request_body"),
    outcome: text("outcome").$type<"requested" | "succeeded" | "failed" | "partial" | "unknown">().notNull(),
    httpStatus: integer("http_status"),
    errorCode: text("error_code"),
    summary: jsonb("summary"),
    durationMs: integer("duration_ms"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    requestId: text("request_id"),
    /** How many UIDs the operation affected, a few of them, and the SHA-256 of the sorted list in `audit_event_uids`. */
    affected: jsonb("affected").$type<AffectedUids>(),
    /** The second entry of an operation: the table lists operations by their first entry. */
    completesOperation: boolean("completes_operation").notNull().default(false),
    /** The operation this one runs under: an incident job's calls, folded under the job. */
    parentOperationId: uuid("parent_operation_id"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (table) => [
    index("audit_events_operation_idx").on(table.operationId),
    index("audit_events_parent_idx").on(table.parentOperationId, table.seq),
    index("audit_events_listed_idx")
      .on(table.seq)
      .where(sql`not ${table.completesOperation} and ${table.parentOperationId} is null`),
    index("audit_events_actor_idx").on(table.actorId, table.seq),
    index("audit_events_actor_email_idx").on(table.actorEmail, table.seq),
    index("audit_events_action_idx").on(table.action, table.seq),
    index("audit_events_target_idx").on(table.targetUid, table.seq),
    index("audit_events_on_behalf_of_idx").on(table.onBehalfOf, table.seq),
    index("audit_events_outcome_idx").on(table.outcome, table.seq),
    index("audit_events_time_idx").on(table.occurredAt),
    check(
      "audit_events_outcome_check",
      sql`${table.outcome} in ('requested', 'succeeded', 'failed', 'partial', 'unknown')`,
    ),
  ],
);

/**
 * What a job does to each of its items (lib/incidents/job-kinds.ts): block or unblock on behalf of a
 * user, deactivate or reactivate accounts app-wide, ban or unban from a group, delete messages.
 */
export type JobKindName =
  "block" | "unblock" | "deactivate" | "reactivate" | "ban" | "unban" | "delete_messages" | "report_decision";

/**
 * Incident mode: a job acts on thousands of UIDs (or messages) in chunks: blocks on behalf of one user,
 * deactivates accounts, bans them from a group, deletes their messages.
 * Every chunk's state and outcomes are stored, so that a job survives a restart and no
 * completed chunk is sent again; with several processes, a lease keeps a chunk to one of them.
 */
export const blockJobs = pgTable(
  "block_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<JobKindName>().notNull(),
    /** incident: started from a pasted or uploaded list; retry: the failed UIDs of a job; undo: what a job blocked. */
    purpose: text("purpose").$type<"incident" | "retry" | "undo">().notNull(),
    parentJobId: uuid("parent_job_id"),
    /** The user a block or unblock job acts on behalf of; none for the other kinds. */
    blockerUid: text("blocker_uid"),
    /** The group a ban or unban job acts in. */
    groupGuid: text("group_guid"),
    /** The search a job's UIDs (or, deleting messages, its messages) came from. */
    searchId: uuid("search_id"),
    reason: text("reason").notNull(),
    /**
     * awaiting_approval: stored, not sent, until a second operator approves it (then running), rejects
     * it, its requester withdraws it, or it expires; the runner claims chunks of running jobs only.
     */
    status: text("status")
      .$type<
        "awaiting_approval" | "running" | "paused" | "cancelled" | "completed" | "rejected" | "withdrawn" | "expired"
      >()
      .notNull(),
    total: integer("total").notNull(),
    chunkSize: integer("chunk_size").notNull(),
    concurrency: integer("concurrency").notNull(),
    /** UIDs the blocker had already blocked when the job started, to tell what this job did. */
    preBlocked: jsonb("pre_blocked")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    doneCount: integer("done_count").notNull().default(0),
    blockedCount: integer("blocked_count").notNull().default(0),
    alreadyBlockedCount: integer("already_blocked_count").notNull().default(0),
    unblockedCount: integer("unblocked_count").notNull().default(0),
    notBlockedCount: integer("not_blocked_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    notFoundCount: integer("not_found_count").notNull().default(0),
    /** Jobs of the other kinds: items the job changed (deactivated, banned, deleted…), and those already so. */
    changedCount: integer("changed_count").notNull().default(0),
    unchangedCount: integer("unchanged_count").notNull().default(0),
    /** A timed block: how long each block this job makes lasts; null until unblocked. */
    blockForSeconds: integer("block_for_seconds"),
    cancelledCount: integer("cancelled_count").notNull().default(0),
    /** A 429 holds every chunk of the job until then. */
    pauseUntil: instant("pause_until"),
    lastError: text("last_error"),
    ...startedWorkColumns(),
    ...approvalColumns,
  },
  // The expiry sweep and the list of requests read jobs by status.
  (table) => [index("block_jobs_status_idx").on(table.status, table.approvalExpiresAt)],
);

export type ChunkOutcomes = Record<string, { outcome: string; message: string }>;

export const blockJobChunks = pgTable(
  "block_job_chunks",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => blockJobs.id, { onDelete: "cascade" }),
    chunkIndex: integer("chunk_index").notNull(),
    uids: jsonb("uids").$type<string[]>().notNull(),
    status: text("status").$type<"pending" | "in_flight" | "done" | "split">().notNull().default("pending"),
    /** Times the chunk was taken up by a runner. */
    claims: integer("claims").notNull().default(0),
    failures: integer("failures").notNull().default(0),
    /** Set when a lease ran out mid-call: the call may or may not have reached the service. */
    uncertain: boolean("uncertain").notNull().default(false),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: instant("lease_expires_at"),
    nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
    outcomes: jsonb("outcomes").$type<ChunkOutcomes>(),
    lastError: text("last_error"),
    completedAt: instant("completed_at"),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.chunkIndex] }),
    index("block_job_chunks_claim_idx").on(table.jobId, table.status, table.nextAttemptAt),
  ],
);

/** Sessions ended by signing out: their cookie is refused even though it has not expired. */
export const revokedSessions = pgTable("revoked_sessions", {
  sessionId: text("session_id").primaryKey(),
  expiresAt: instant("expires_at").notNull(),
});

export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    succeeded: boolean("succeeded").notNull(),
    ip: text("ip"),
    attemptedAt: instant("attempted_at").notNull().defaultNow(),
  },
  (table) => [index("sign_in_attempts_email_time_idx").on(table.email, table.attemptedAt)],
);
