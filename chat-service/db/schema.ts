import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * The embedded chat service's own tables, apart from the console's: its migrations
 * (chat-service/db/migrations) are its own, run by its own start-up. Times are Unix seconds, as
 * the real service gives them.
 */

const unixSeconds = (name: string) => bigint(name, { mode: "number" });

export const chatUsers = pgTable("chat_users", {
  uid: text("uid").primaryKey(),
  name: text("name").notNull(),
  avatar: text("avatar"),
  link: text("link"),
  role: text("role").notNull().default("default"),
  status: text("status").notNull().default("offline"),
  metadata: jsonb("metadata").$type<Record<string, unknown>>(),
  createdAt: unixSeconds("created_at").notNull(),
  updatedAt: unixSeconds("updated_at"),
  /** Set while the user is deactivated: every call then answers ERR_UID_NOT_FOUND for them, and their data stays. */
  deactivatedAt: unixSeconds("deactivated_at"),
  /**
   * The user as an entity of a message (contract 2.2), as JSON text, less the `conversationId` that
   * depends on who reads it: written by PostgreSQL whenever the user changes (function
   * `chat_user_entity`, migration 0003), so that a page of messages naming 1,000 users builds none.
   */
  entity: text("entity")
    .notNull()
    .generatedAlwaysAs(sql`chat_user_entity(uid, name, role, avatar, status, created_at, link, updated_at)`),
});

export const chatGroups = pgTable("chat_groups", {
  guid: text("guid").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  icon: text("icon").notNull().default(""),
  type: text("type").notNull().default("public"),
  owner: text("owner").notNull(),
  createdAt: unixSeconds("created_at").notNull(),
  updatedAt: unixSeconds("updated_at").notNull(),
  updatedBy: text("updated_by").notNull(),
});

export const chatGroupMembers = pgTable(
  "chat_group_members",
  {
    guid: text("guid")
      .notNull()
      .references(() => chatGroups.guid, { onDelete: "cascade" }),
    uid: text("uid")
      .notNull()
      .references(() => chatUsers.uid, { onDelete: "cascade" }),
    scope: text("scope").notNull().default("participant"),
    joinedAt: unixSeconds("joined_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.guid, table.uid] }), index("chat_group_members_uid_idx").on(table.uid)],
);

export type ReceiptRecord = { uid: string; deliveredAt: number; readAt?: number };

/** A message's text, for the statements and indexes that search it. */
const messageText = sql`(data->>'text')`;

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: text("conversation_id").notNull(),
    sender: text("sender").notNull(),
    receiverType: text("receiver_type").notNull(),
    receiver: text("receiver").notNull(),
    category: text("category").notNull(),
    type: text("type").notNull(),
    /** Text messages: `{ text, metadata? }`. Action messages: `{ action, by, on, for }` with entity ids. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    receipts: jsonb("receipts")
      .$type<ReceiptRecord[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sentAt: unixSeconds("sent_at").notNull(),
    updatedAt: unixSeconds("updated_at").notNull(),
    /** A soft delete: the message stays, with when and by whom (a UID, or `app_system` for the API key). */
    deletedAt: unixSeconds("deleted_at"),
    deletedBy: text("deleted_by"),
    /** The vendor's `hasLinks` filter, worked out once when the message is written. */
    hasLinks: boolean("has_links")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(${messageText} ~* '(https?://|www[.])[^[:space:]]+', false)`),
    hasAttachments: boolean("has_attachments")
      .notNull()
      .generatedAlwaysAs(sql`(jsonb_exists(data, 'attachments') or type in ('image', 'video', 'audio', 'file'))`),
    /**
     * The message's record (contract 2.2) as JSON text up to its data's `entities`, after the users
     * and groups those name: written by PostgreSQL whenever the message changes (function
     * `chat_message_record_source`, migration 0003; read by ../records.ts `messageRecordText`), so that
     * a page of 1,000 messages is joined text, not 1,000 objects built, parsed and written again.
     */
    recordSource: text("record_source")
      .notNull()
      .generatedAlwaysAs(
        sql`chat_message_record_source(id, conversation_id, sender, receiver_type, receiver, category, type, data, receipts, sent_at, updated_at, deleted_at, deleted_by)`,
      ),
  },
  (table) => [
    index("chat_messages_conversation_idx").on(table.conversationId, table.id),
    // The message lists walk (sentAt, id), newest or oldest first: one index a filter that narrows them.
    index("chat_messages_time_idx").on(table.sentAt, table.id),
    index("chat_messages_sender_time_idx").on(table.sender, table.sentAt, table.id),
    index("chat_messages_conversation_time_idx").on(table.conversationId, table.sentAt, table.id),
    index("chat_messages_category_time_idx").on(table.category, table.sentAt, table.id),
    index("chat_messages_deleted_time_idx")
      .on(table.sentAt, table.id)
      .where(sql`deleted_at is not null`),
    index("chat_messages_links_time_idx")
      .on(table.sentAt, table.id)
      .where(sql`has_links`),
    index("chat_messages_attachments_time_idx")
      .on(table.sentAt, table.id)
      .where(sql`has_attachments`),
    // searchKey finds text anywhere in a message (pg_trgm, created by the migration).
    index("chat_messages_text_trgm_idx").using("gin", sql`${messageText} gin_trgm_ops`),
  ],
);

/** Each owner's own view of a conversation: its tags and unread count. */
export const chatConversationStates = pgTable(
  "chat_conversation_states",
  {
    ownerUid: text("owner_uid")
      .notNull()
      .references(() => chatUsers.uid, { onDelete: "cascade" }),
    conversationId: text("conversation_id").notNull(),
    tags: jsonb("tags")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    unreadMessageCount: integer("unread_message_count").notNull().default(0),
    createdAt: unixSeconds("created_at").notNull(),
    updatedAt: unixSeconds("updated_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.ownerUid, table.conversationId] })],
);

/**
 * Embedded service only, when its journal is on: every call that changed something, as it arrived
 * (named for its first use, the block and unblock calls). `blockerUid` is set for those; `path` and
 * `details` say what the others did.
 */
export const chatCallJournal = pgTable("chat_block_call_journal", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  method: text("method").notNull(),
  path: text("path"),
  blockerUid: text("blocker_uid"),
  uids: jsonb("uids").$type<string[]>().notNull(),
  details: jsonb("details").$type<Record<string, unknown>>(),
});

/**
 * Both UIDs are users': the one statement that writes blocks (`block`, ../statements.ts) takes them from
 * `chat_users`. No foreign key: its checks ran once a row and UID, 50 look-ups for a 25-UID block, and
 * took half the statement's time (measured on PGlite, 850 → 470 µs); and the service deletes no user
 * (deactivation keeps the row), so no block can lose its users. Whatever comes to delete users must
 * delete their blocks, both ways, in the same transaction, and `block` must then lock the users it reads
 * (`for key share`), so that no block is made under a deletion.
 */
export const chatBlocks = pgTable(
  "chat_blocks",
  {
    blockerUid: text("blocker_uid").notNull(),
    blockedUid: text("blocked_uid").notNull(),
    blockedAt: unixSeconds("blocked_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerUid, table.blockedUid] }),
    index("chat_blocks_blocker_time_idx").on(table.blockerUid, table.blockedAt),
  ],
);

/** Users banned from a group: no longer members, and they cannot be added back until unbanned. */
export const chatGroupBans = pgTable(
  "chat_group_bans",
  {
    guid: text("guid")
      .notNull()
      .references(() => chatGroups.guid, { onDelete: "cascade" }),
    uid: text("uid")
      .notNull()
      .references(() => chatUsers.uid, { onDelete: "cascade" }),
    /** The scope and joining time the user had as a member, when they were one. */
    scope: text("scope"),
    joinedAt: unixSeconds("joined_at"),
    bannedAt: unixSeconds("banned_at").notNull(),
    bannedBy: text("banned_by").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.guid, table.uid] }),
    index("chat_group_bans_time_idx").on(table.guid, table.bannedAt),
  ],
);

/** The reasons users pick when they flag a message; the vendor's defaults are seeded by the migration. */
export const chatModerationReasons = pgTable("chat_moderation_reasons", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  isDefault: boolean("is_default").notNull().default(false),
  createdAt: unixSeconds("created_at").notNull(),
  updatedAt: unixSeconds("updated_at").notNull(),
});

/** One user's flag of one message (a second flag by the same user replaces the first). */
export const chatMessageFlags = pgTable(
  "chat_message_flags",
  {
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    uid: text("uid")
      .notNull()
      .references(() => chatUsers.uid, { onDelete: "cascade" }),
    reasonId: text("reason_id")
      .notNull()
      .references(() => chatModerationReasons.id),
    remark: text("remark").notNull().default(""),
    flaggedAt: unixSeconds("flagged_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.uid] })],
);

/** A flagged message's review: `pending` while it is in the flagged list, then `approved` or `disapproved`. */
export const chatFlaggedMessages = pgTable(
  "chat_flagged_messages",
  {
    messageId: bigint("message_id", { mode: "number" })
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    lastFlaggedAt: unixSeconds("last_flagged_at").notNull(),
    reviewedAt: unixSeconds("reviewed_at"),
  },
  (table) => [index("chat_flagged_messages_queue_idx").on(table.status, table.lastFlaggedAt, table.messageId)],
);

/**
 * The moderation engine's keyword lists (the vendor's `/moderation/keywords`): words, patterns or
 * sentences a rule's conditions name. `revision` counts its versions (its `revisionId` ends with it).
 */
export const chatKeywordLists = pgTable("chat_keyword_lists", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  category: text("category").notNull(),
  isCsv: boolean("is_csv").notNull().default(false),
  searchTerms: jsonb("search_terms").$type<string[]>().notNull(),
  isDefault: boolean("is_default").notNull().default(false),
  revision: integer("revision").notNull().default(1),
  createdAt: unixSeconds("created_at").notNull(),
  updatedAt: unixSeconds("updated_at").notNull(),
});

/**
 * The moderation engine's rules (the vendor's `/moderation/rules`), applied to every message sent in
 * `position` order (the order they were made in, the vendor's defaults first).
 */
export const chatModerationRules = pgTable("chat_moderation_rules", {
  id: text("id").primaryKey(),
  position: bigserial("position", { mode: "number" }).notNull(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  enabled: boolean("enabled").notNull(),
  conditions: jsonb("conditions").$type<Record<string, unknown>[]>().notNull(),
  filters: jsonb("filters").$type<Record<string, unknown>[]>().notNull(),
  action: jsonb("action").$type<string[]>().notNull(),
  isDefault: boolean("is_default").notNull().default(false),
  revision: integer("revision").notNull().default(1),
  createdAt: unixSeconds("created_at").notNull(),
  updatedAt: unixSeconds("updated_at").notNull(),
});

/** Every version of every rule, as its record was (revisions of a deleted rule stay, so numbering goes on). */
export const chatModerationRuleRevisions = pgTable(
  "chat_moderation_rule_revisions",
  {
    ruleId: text("rule_id").notNull(),
    revision: integer("revision").notNull(),
    record: jsonb("record").$type<Record<string, unknown>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.ruleId, table.revision] })],
);

/**
 * One row (id 1) whose version goes up with every change of a rule or a list: each send reads it
 * (one indexed read) and compiles the rules again only when it moved, so that every process serving
 * one PostgreSQL database applies the same rules.
 */
export const chatModerationVersion = pgTable("chat_moderation_version", {
  id: integer("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

/**
 * Messages a `blockMessage` rule held back: not in chat_messages (so no list, conversation, unread
 * count or last message shows them) until a moderator approves one, which moves it there under the
 * same id (`messageId` comes from chat_messages' sequence). `status`: pending, approved or rejected.
 */
export const chatBlockedMessages = pgTable(
  "chat_blocked_messages",
  {
    messageId: bigint("message_id", { mode: "number" }).primaryKey(),
    conversationId: text("conversation_id").notNull(),
    sender: text("sender").notNull(),
    receiverType: text("receiver_type").notNull(),
    receiver: text("receiver").notNull(),
    category: text("category").notNull(),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    sentAt: unixSeconds("sent_at").notNull(),
    ruleId: text("rule_id").notNull(),
    ruleName: text("rule_name").notNull(),
    revisionId: text("revision_id").notNull(),
    condition: jsonb("condition").$type<Record<string, unknown>>().notNull(),
    action: jsonb("action").$type<string[]>().notNull(),
    status: text("status").notNull().default("pending"),
    createdAt: unixSeconds("created_at").notNull(),
    updatedAt: unixSeconds("updated_at").notNull(),
    reviewedAt: unixSeconds("reviewed_at"),
    /** The message's record up to its entities, as chat_messages' `record_source` (migration 0003). */
    recordSource: text("record_source")
      .notNull()
      .generatedAlwaysAs(
        sql`chat_message_record_source(message_id, conversation_id, sender, receiver_type, receiver, category, type, data, '[]'::jsonb, sent_at, sent_at, null::bigint, null::text)`,
      ),
  },
  (table) => [
    index("chat_blocked_messages_queue_idx").on(table.status, table.createdAt, table.messageId),
    index("chat_blocked_messages_reviewed_idx").on(table.status, table.reviewedAt, table.messageId),
  ],
);
