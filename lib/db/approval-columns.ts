import { boolean, jsonb, text, uuid } from "drizzle-orm/pg-core";
import { instant } from "./columns";

/** What the requester's preview counted besides the UIDs sent: the approver sees the same breakdown. */
export type RequestPreview = { invalid: number; duplicates: number; selfExcluded: boolean };

/**
 * Two-person approval of a large job (block_jobs). The requester is the job's creator; the decider
 * is whoever approved, rejected or withdrew it (the requester), or the admin who broke the glass.
 */
export const approvalColumns = {
  /** Set on jobs that needed a second operator: past it, the request can no longer be approved. */
  approvalExpiresAt: instant("approval_expires_at"),
  /** An admin started this large job without a second operator. */
  breakGlass: boolean("break_glass").notNull().default(false),
  requestPreview: jsonb("request_preview").$type<RequestPreview>(),
  decidedById: uuid("decided_by_id"),
  decidedByEmail: text("decided_by_email"),
  decidedByRole: text("decided_by_role"),
  decisionReason: text("decision_reason"),
  decidedAt: instant("decided_at"),
  /**
   * The "expired" entry of the action log: a process takes the writing of it for a minute, and marks
   * it written once the entry is committed. A process that fails or dies in between leaves it to the
   * next sweep, so that no expiry goes unrecorded.
   */
  expiryLogLeaseUntil: instant("expiry_log_lease_until"),
  expiryLoggedAt: instant("expiry_logged_at"),
};
