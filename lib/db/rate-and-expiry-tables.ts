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

/**
 * Blocks and unblocks whose answer never came, with UIDs the blocker's blocked list could not settle
 * while the call might still take effect: at `settleAfter`, when it no longer can, the console reads
 * the list again and records the final outcome (lib/blocking/settlement.ts), once, across processes.
 */
export const blockSettlements = pgTable(
  "block_settlements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The operation whose answer was lost: the settlement is logged under it. */
    operationId: uuid("operation_id").notNull(),
    blockerUid: text("blocker_uid").notNull(),
    verb: text("verb").$type<"block" | "unblock">().notNull(),
    uids: jsonb("uids").$type<string[]>().notNull(),
    settleAfter: instant("settle_after").notNull(),
    /** A timed block's length, recorded for the UIDs the settlement finds blocked. */
    expiresInSeconds: integer("expires_in_seconds"),
    ...setByAndClaim(),
    settledAt: instant("settled_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("block_settlements_due_idx")
      .on(table.settleAfter)
      .where(sql`${table.settledAt} is null`),
  ],
);
