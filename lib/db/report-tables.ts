import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { instant } from "./columns";

/** One reporter of a message, as the chat service's flagged list names them. */
export type Reporter = {
  uid: string;
  name: string;
  reasonId: string;
  reasonName: string;
  remark: string;
  /** Unix seconds, as the service sends it. */
  flaggedAt: number | null;
};

/**
 * open: in the service's flagged list, not decided here. deciding: a decision's calls are on their
 * way. decided: kept or removed through the console. unknown: a decision whose answer never came,
 * settled later. gone: left the flagged list without a decision here (decided elsewhere).
 */
export const REPORT_STATUSES = ["open", "deciding", "decided", "unknown", "gone"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export type ReportDecision = "keep" | "remove";

/**
 * The console's index of reported messages, one row a message of the chat service's flagged list
 * (`GET /moderation/flagged-messages`, which has no filters): kept by a worker so that the queue can
 * filter, count, sort and claim in SQL without asking the service on every view.
 */
export const reports = pgTable(
  "reports",
  {
    messageId: text("message_id").primaryKey(),
    conversationId: text("conversation_id").notNull(),
    senderUid: text("sender_uid").notNull(),
    senderName: text("sender_name").notNull(),
    /** When the sender's account was made, as the message's sender entity says; null when it does not. */
    senderCreatedAt: instant("sender_created_at"),
    receiverType: text("receiver_type").$type<"user" | "group">().notNull(),
    receiverId: text("receiver_id").notNull(),
    receiverName: text("receiver_name").notNull(),
    /** The message's text ("" for one without), as it was when last read: the decision's snapshot. */
    text: text("text").notNull(),
    /** The message record as the service sent it (bounded), for the detail's raw view. */
    message: jsonb("message").notNull(),
    sentAt: instant("sent_at"),
    reporters: jsonb("reporters").$type<Reporter[]>().notNull(),
    reasonIds: text("reason_ids").array().notNull(),
    reportCount: integer("report_count").notNull(),
    lastFlaggedAt: instant("last_flagged_at").notNull(),
    status: text("status").$type<ReportStatus>().notNull().default("open"),
    decision: text("decision").$type<ReportDecision>(),
    decisionReason: text("decision_reason"),
    decidedById: uuid("decided_by_id"),
    decidedByName: text("decided_by_name"),
    decidedAt: instant("decided_at"),
    decisionOperationId: uuid("decision_operation_id"),
    /** An unknown outcome is settled from the flagged list read after this time, when the call can no longer land. */
    settleAfter: instant("settle_after"),
    claimedById: uuid("claimed_by_id"),
    claimedByName: text("claimed_by_name"),
    claimExpiresAt: instant("claim_expires_at"),
    firstSeenAt: instant("first_seen_at").notNull().defaultNow(),
    lastSeenAt: instant("last_seen_at").notNull().defaultNow(),
    /** Complete reads of the flagged list in a row that did not show it: two make it "gone". */
    missedPasses: integer("missed_passes").notNull().default(0),
  },
  (table) => [
    index("reports_most_reported_idx").on(table.status, table.reportCount.desc(), table.lastFlaggedAt.desc()),
    index("reports_newest_idx").on(table.status, table.lastFlaggedAt.desc()),
    index("reports_sender_idx").on(table.senderUid, table.status),
    index("reports_receiver_idx").on(table.receiverId, table.status),
    check("reports_status_check", sql`${table.status} in ('open', 'deciding', 'decided', 'unknown', 'gone')`),
  ],
);

/**
 * The index worker's state, one row: which process reads the flagged list now (a lease), when the
 * last complete read started and ended, and a refresh an operator asked for.
 */
export const reportIndexState = pgTable("report_index_state", {
  id: text("id").primaryKey(),
  leaseOwner: text("lease_owner"),
  leaseUntil: instant("lease_until"),
  lastPassStartedAt: instant("last_pass_started_at"),
  lastPassFinishedAt: instant("last_pass_finished_at"),
  lastPassCalls: integer("last_pass_calls"),
  lastError: text("last_error"),
  refreshRequestedAt: instant("refresh_requested_at"),
});
