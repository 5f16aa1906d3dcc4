import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The embedded chat service's own tables, apart from the console's: its migrations
 * (lib/chat-service/db/migrations) are its own, run by its own start-up. Times are Unix seconds, as
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
    /** Text messages: `{ text }`. Action messages: `{ action, by, on, for }` with entity ids. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    receipts: jsonb("receipts")
      .$type<ReceiptRecord[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sentAt: unixSeconds("sent_at").notNull(),
    updatedAt: unixSeconds("updated_at").notNull(),
  },
  (table) => [index("chat_messages_conversation_idx").on(table.conversationId, table.id)],
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

/** Embedded service only, when its journal is on: every block and unblock call as it arrived. */
export const chatBlockCallJournal = pgTable("chat_block_call_journal", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  method: text("method").notNull(),
  blockerUid: text("blocker_uid").notNull(),
  uids: jsonb("uids").$type<string[]>().notNull(),
});

/**
 * Both UIDs are users': the one statement that writes blocks (`block`, ../statements.ts) takes them from
 * `chat_users`, locked `for key share` as a foreign key's check would lock them, so that no user can be
 * deleted under a block being made. No foreign key: its checks ran once a row and UID, 50 look-ups for
 * a 25-UID block, and took half the statement's time (measured on PGlite, 850 → 470 µs). Whatever
 * deletes a user deletes their blocks, both ways, in the same transaction.
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
