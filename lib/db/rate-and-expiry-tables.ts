import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { instant } from "./columns";

/**
 * The calls incident jobs of every console process sent, one row a second of the database's
 * clock: a call is sent only once its second has room (`cap`), so that all processes together
 * keep to their share of the chat service's budget. Rows older than a few minutes are deleted.
 */
export const incidentRateSlots = pgTable("incident_rate_slots", {
  /** Unix seconds. */
  slot: bigint("slot", { mode: "number" }).primaryKey(),
  calls: integer("calls").notNull(),
  /** Calls this second may hold: its share and what the seconds just before it left unused (rate-budget.ts). */
  cap: integer("cap").notNull(),
  /** The jobs' share a minute when the second was counted, for the job page. */
  allowedPerMinute: integer("allowed_per_minute").notNull(),
});

/**
 * Who set a block follow-up up (the operator, or the system, and why) and which process holds it now
 * (a claim with a lease): the columns timed blocks and settlements share. A function, since each table
 * needs columns of its own.
 */
const setByAndClaim = () => ({
  setById: uuid("set_by_id"),
  setByEmail: text("set_by_email").notNull(),
  setByRole: text("set_by_role").notNull(),
  reason: text("reason"),
  claimedBy: text("claimed_by"),
  claimExpiresAt: instant("claim_expires_at"),
});

/**
 * Blocks the console made for a while: at `expiresAt` the console unblocks the UID, once, across
 * processes (a claim with a lease), as an operation of the system on behalf of `setByOperationId`.
 * Only blocks the console made are here (not ones that existed before), and an unblock or a renewed
 * block by an operator ends the row (`removed`, `renewed`) so that expiry never undoes their choice.
 */
export const timedBlocks = pgTable(
  "timed_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    blockerUid: text("blocker_uid").notNull(),
    blockedUid: text("blocked_uid").notNull(),
    expiresAt: instant("expires_at").notNull(),
    status: text("status").$type<"active" | "expiring" | "expired" | "removed" | "renewed" | "failed">().notNull(),
    setByOperationId: uuid("set_by_operation_id").notNull(),
    ...setByAndClaim(),
    lastError: text("last_error"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("timed_blocks_live_pair_idx")
      .on(table.blockerUid, table.blockedUid)
      .where(sql`${table.status} in ('active', 'expiring')`),
    index("timed_blocks_due_idx").on(table.status, table.expiresAt),
  ],
);

/** The calls whose lost answer is settled, each with its way of reading the service (lib/settlements/kinds.ts). */
export type SettlementKind =
  | "block"
  | "unblock"
  | "ban"
  | "unban"
  | "kick"
  | "deactivate"
  | "reactivate"
  | "delete_message"
  | "delete_message_permanently"
  | "review";

/**
 * Calls whose answer never came (a time-out, a connection lost after sending), whatever sent them:
 * at `settleAfter`, when the call can no longer take effect, the console reads the service's state
 * (the blocker's blocked list, the group's bans and members, the deactivated users, the message, the
 * flagged list) and logs the final outcome under the operation whose answer was lost, once, across
 * processes (lib/settlements/).
 */
export const callSettlements = pgTable(
  "call_settlements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<SettlementKind>().notNull(),
    /** The operation whose answer was lost: the settlement is logged under it. */
    operationId: uuid("operation_id").notNull(),
    /** The log's action for the settlement: `users.block.settle`, `report.settle`… */
    action: text("action").notNull(),
    /** What the call was for besides its items: the blocker, the group, the reported message. */
    target: text("target"),
    /** The UIDs (or message ids) the call was sent for, still unknown. */
    items: jsonb("items").$type<string[]>().notNull(),
    /** The UIDs the settlement's log entry names. */
    affectedUids: jsonb("affected_uids").$type<string[]>().notNull(),
    settleAfter: instant("settle_after").notNull(),
    /** A timed block's length, recorded for the UIDs the settlement finds blocked. */
    expiresInSeconds: integer("expires_in_seconds"),
    ...setByAndClaim(),
    settledAt: instant("settled_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("call_settlements_due_idx")
      .on(table.settleAfter)
      .where(sql`${table.settledAt} is null`),
  ],
);
