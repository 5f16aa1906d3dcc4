import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { instant } from "./columns";

/** A message a rule's test found, as the Rules page shows it for a sample. */
export type RuleTestSample = {
  id: string;
  sender: string;
  senderName: string;
  /** Unix seconds; null when the message's sender entity did not say. */
  accountCreatedAt: number | null;
  sentAt: number;
  text: string;
};

/** A rule as the console tests it and the chat service stores it (conditions, filters, action). */
export type TestedDefinition = {
  name: string;
  conditions: unknown[];
  filters: unknown[];
  action: string[];
};

/**
 * "Test against the last 24 hours": what a rule, as written then, would have held back of the chat
 * service's messages of a window (lib/rules/rule-test.ts). Kept so that "Enable" can show the numbers
 * and the log can record them with the rule; `definitionKey` tells whether the rule is still the one tested.
 */
export const ruleTests = pgTable(
  "rule_tests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The service's rule id; null for a new rule tested before it is saved. */
    ruleId: text("rule_id"),
    definition: jsonb("definition").$type<TestedDefinition>().notNull(),
    definitionKey: text("definition_key").notNull(),
    windowHours: integer("window_hours").notNull(),
    fromAt: instant("from_at").notNull(),
    toAt: instant("to_at").notNull(),
    messagesRead: integer("messages_read").notNull(),
    calls: integer("calls").notNull(),
    matched: integer("matched").notNull(),
    senders: integer("senders").notNull(),
    /** Senders whose account is older than 30 days: the likely false positives. */
    olderSenders: integer("older_senders").notNull(),
    /** Up to five matches from newer accounts and five from older ones. */
    samples: jsonb("samples").$type<{ newer: RuleTestSample[]; older: RuleTestSample[] }>().notNull(),
    /** Matches an hour, oldest hour first, from `fromAt`. */
    perHour: jsonb("per_hour").$type<number[]>().notNull(),
    testedById: uuid("tested_by_id").notNull(),
    testedByName: text("tested_by_name").notNull(),
    testedAt: instant("tested_at").notNull().defaultNow(),
    operationId: uuid("operation_id").notNull(),
  },
  (table) => [index("rule_tests_rule_idx").on(table.ruleId, table.testedAt.desc())],
);

/**
 * pending: in the service's blocked list, not decided here. deciding: a decision is on its way.
 * delivered / kept: decided through the console ("Deliver", "Keep blocked"). gone: left the blocked
 * list without a decision here (reviewed elsewhere).
 */
export const BLOCKED_MESSAGE_STATUSES = ["pending", "deciding", "delivered", "kept", "gone"] as const;
export type BlockedMessageStatus = (typeof BLOCKED_MESSAGE_STATUSES)[number];

/**
 * The console's index of the messages the chat service's rules blocked (`GET /moderation/blocked-messages`,
 * which has no filters), kept by a worker (lib/blocked-messages/index-worker.ts) so that the page filters
 * and pages in SQL and the raid alert counts a group's blocked messages without asking the service.
 */
export const blockedMessages = pgTable(
  "blocked_messages",
  {
    messageId: text("message_id").primaryKey(),
    ruleId: text("rule_id").notNull(),
    ruleName: text("rule_name").notNull(),
    revisionId: text("revision_id").notNull(),
    /** The condition that matched, as the service sent it. */
    condition: jsonb("condition").notNull(),
    action: text("action").notNull(),
    senderUid: text("sender_uid").notNull(),
    senderName: text("sender_name").notNull(),
    senderCreatedAt: instant("sender_created_at"),
    receiverType: text("receiver_type").$type<"user" | "group">().notNull(),
    receiverId: text("receiver_id").notNull(),
    receiverName: text("receiver_name").notNull(),
    text: text("text").notNull(),
    sentAt: instant("sent_at"),
    blockedAt: instant("blocked_at").notNull(),
    status: text("status").$type<BlockedMessageStatus>().notNull().default("pending"),
    decidedById: uuid("decided_by_id"),
    decidedByName: text("decided_by_name"),
    decidedAt: instant("decided_at"),
    decisionOperationId: uuid("decision_operation_id"),
    firstSeenAt: instant("first_seen_at").notNull().defaultNow(),
    lastSeenAt: instant("last_seen_at").notNull().defaultNow(),
    /** Complete reads of the blocked list in a row that did not show it: two make it "gone". */
    missedPasses: integer("missed_passes").notNull().default(0),
  },
  (table) => [
    index("blocked_messages_newest_idx").on(table.status, table.blockedAt.desc()),
    index("blocked_messages_sender_idx").on(table.senderUid, table.status),
    index("blocked_messages_receiver_idx").on(table.receiverId, table.blockedAt.desc()),
    index("blocked_messages_rule_idx").on(table.ruleId, table.blockedAt.desc()),
    check(
      "blocked_messages_status_check",
      sql`${table.status} in ('pending', 'deciding', 'delivered', 'kept', 'gone')`,
    ),
  ],
);

/** The blocked list's reader: which process reads it now (a lease), and its last complete read. */
export const blockedIndexState = pgTable("blocked_index_state", {
  id: text("id").primaryKey(),
  leaseOwner: text("lease_owner"),
  leaseUntil: instant("lease_until"),
  lastPassStartedAt: instant("last_pass_started_at"),
  lastPassFinishedAt: instant("last_pass_finished_at"),
  lastPassCalls: integer("last_pass_calls"),
  lastError: text("last_error"),
});

export const RAID_ALERT_STATUSES = ["open", "dismissed"] as const;
export type RaidAlertStatus = (typeof RAID_ALERT_STATUSES)[number];

/**
 * "Possible raid in <group>": a group where, within RAID_ALERT_MINUTES, at least RAID_ALERT_MESSAGES
 * messages from at least RAID_ALERT_SENDERS senders were blocked or reported (lib/raid-alerts). One open
 * alert a group at a time; its counts follow the raid while it is open.
 */
export const raidAlerts = pgTable(
  "raid_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    guid: text("guid").notNull(),
    groupName: text("group_name").notNull(),
    messages: integer("messages").notNull(),
    senders: integer("senders").notNull(),
    blocked: integer("blocked").notNull(),
    reported: integer("reported").notNull(),
    windowMinutes: integer("window_minutes").notNull(),
    /** Messages a minute over the window, oldest minute first: the alert's chart. */
    perMinute: jsonb("per_minute").$type<number[]>().notNull(),
    raisedAt: instant("raised_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
    status: text("status").$type<RaidAlertStatus>().notNull().default("open"),
    dismissedById: uuid("dismissed_by_id"),
    dismissedByName: text("dismissed_by_name"),
    dismissedAt: instant("dismissed_at"),
  },
  (table) => [
    uniqueIndex("raid_alerts_open_idx")
      .on(table.guid)
      .where(sql`${table.status} = 'open'`),
    index("raid_alerts_newest_idx").on(table.raisedAt.desc()),
    check("raid_alerts_status_check", sql`${table.status} in ('open', 'dismissed')`),
  ],
);
