import {
  bigint,
  bigserial,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { instant, startedWorkColumns } from "./columns";

/** What "Find accounts" looks for (lib/raid-search/criteria.ts), as the search stored it. */
export type RaidSearchCriteria = {
  where: { kind: "group"; guid: string } | { kind: "user"; uid: string } | { kind: "app" };
  textContains?: string;
  hasLinks?: boolean;
  linkDomain?: string;
  /** Unix seconds, both ends included. */
  from: number;
  to: number;
  senderUid?: string;
  namePrefix?: string;
  /** The user whose blocks the senders are checked against. */
  blockedBy?: string;
};

/** The vendor's cursor through a message list: where the next page starts. */
export type RaidSearchCursor = { affix: "append" | "prepend"; sentAt: number; id: string };

/** A slice of the search's window, paged on its own: its cursor, and whether it is read to its end. */
export type RaidSearchSlice = {
  from: number;
  to: number;
  cursor: RaidSearchCursor | null;
  done: boolean;
  /** Messages a page of this slice asks for, when fewer than the search's page (see worker.ts). */
  limit?: number;
};

/**
 * A search for the senders behind a raid: run in the background by any console process (a claim with
 * a lease), paging through the chat service's messages within the jobs' rate budget; stopped by a
 * moderator or at the end of its window. Each slice of the window has its own cursor, so that the
 * slices are paged at once and a restart resumes each where it was.
 */
export const raidSearches = pgTable(
  "raid_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status").$type<"running" | "stopped" | "completed" | "failed">().notNull(),
    criteria: jsonb("criteria").$type<RaidSearchCriteria>().notNull(),
    /** The slices of the window, each with its cursor. */
    cursors: jsonb("cursors").$type<RaidSearchSlice[]>().notNull(),
    scanned: integer("scanned").notNull().default(0),
    matched: integer("matched").notNull().default(0),
    calls: integer("calls").notNull().default(0),
    /** Share of the window read, 0 to 1. */
    progress: real("progress").notNull().default(0),
    lastError: text("last_error"),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: instant("lease_expires_at"),
    ...startedWorkColumns(),
  },
  (table) => [index("raid_searches_status_idx").on(table.status, table.createdAt)],
);

/** The search a row belongs to: gone with it. */
const ofSearch = () =>
  uuid("search_id")
    .notNull()
    .references(() => raidSearches.id, { onDelete: "cascade" });

/** The senders a search found: one row a sender, counted as pages come in. */
export const raidSearchSenders = pgTable(
  "raid_search_senders",
  {
    searchId: ofSearch(),
    uid: text("uid").notNull(),
    name: text("name").notNull(),
    /** When the account was created (unix seconds), as the messages' sender entity says. */
    accountCreatedAt: bigint("account_created_at", { mode: "number" }),
    messages: integer("messages").notNull(),
    firstAt: bigint("first_at", { mode: "number" }).notNull(),
    lastAt: bigint("last_at", { mode: "number" }).notNull(),
    sample: text("sample").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.searchId, table.uid] }),
    index("raid_search_senders_count_idx").on(table.searchId, table.messages, table.uid),
  ],
);

/** A message a search matched, as its pages keep it: its id, its sender, when it was sent (unix seconds). */
export type MatchedMessage = [id: string, sender: string, sentAt: number];

/**
 * The messages a search matched, what "Delete their messages" deletes: one row for each batch of pages
 * the search recorded, its messages one JSON array (a row per message cost the search more than its
 * reading did: 100,000 rows and their index entries for a two-hour raid).
 */
export const raidSearchPages = pgTable(
  "raid_search_pages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    searchId: ofSearch(),
    messages: json("messages").$type<MatchedMessage[]>().notNull(),
  },
  (table) => [index("raid_search_pages_search_idx").on(table.searchId)],
);
