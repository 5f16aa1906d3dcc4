import { sql } from "drizzle-orm";
import type { ChatDatabase as Database } from "./db/client";
import {
  chatBlocks,
  chatConversationStates,
  chatFlaggedMessages,
  chatGroupMembers,
  chatGroups,
  chatKeywordLists,
  chatMessageFlags,
  chatMessages,
  chatUsers,
} from "./db/schema";
import { bulkInsert } from "./bulk-insert";
import { buildDemoData } from "./demo-data";
import { DEMO_KEYWORD_LISTS } from "./moderation-defaults";

// Any constant works as long as every console process uses the same one; 7412001 guards migrations.
const SEED_LOCK_ID = 7_412_002;

/** Accounts in the demo data that show something worth seeing; docs/embedded-chat-api.md lists them. */
export const DEMO_UIDS_WORTH_LOOKING_UP = [
  {
    uid: "cometchat-uid-1",
    description:
      'Admin of cometchat-guid-1 (Hiking Group, raided in the last two hours); conversation with cometchat-uid-2 tagged "sent"; has blocked kevin-price and brittany-cole',
  },
  {
    uid: "cometchat-uid-2",
    description:
      "Moderator of cometchat-guid-1 and member of the password group founders-circle, whose last message is an unbanned action",
  },
  {
    uid: "cometchat-uid-4",
    description: "Conversation with cometchat-uid-5 exists but has no messages, so it has no lastMessage",
  },
  {
    uid: "connor-walsh",
    description: "Has blocked siobhan-kelly, who has blocked him back (hasBlockedMe)",
  },
  {
    uid: "kevin-price",
    description: "Spam account: blocked by three users and kicked from cometchat-guid-1",
  },
  {
    uid: "amara-okafor",
    description: "Harassed by twelve raiders in cometchat-guid-1 and in her direct messages, within the last two hours",
  },
  {
    uid: "crypto-gains-152",
    description: "A raider, deactivated already: ERR_UID_NOT_FOUND until reactivated, messages kept",
  },
] as const;

async function hasUsers(db: Database): Promise<boolean> {
  const rows = await db.select({ uid: chatUsers.uid }).from(chatUsers).limit(1);
  return rows.length > 0;
}

/**
 * Loads the demo data into an empty chat service; returns whether it did. The check outside the
 * transaction keeps ordinary start-ups cheap; the lock and second check inside it stop two
 * processes starting at once from both seeding.
 */
export async function seedDemoDataIfEmpty(db: Database): Promise<boolean> {
  if (await hasUsers(db)) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await hasUsers(tx)) return false;

    const now = Math.floor(Date.now() / 1000);
    const data = buildDemoData(now);
    // The messages are numbered here, in order, so that the flags can name them; the sequence then
    // continues after them.
    const [{ max } = { max: 0 }] = await tx
      .select({ max: sql<number>`coalesce(max(${chatMessages.id}), 0)::int` })
      .from(chatMessages);
    const idOf = new Map(data.messages.map((message, index) => [message, max + index + 1]));
    const flags = data.flags.map(({ message, ...flag }) => {
      const messageId = idOf.get(message);
      if (messageId === undefined) throw new Error("A demo flag names a message the demo data does not have");
      return { ...flag, messageId };
    });
    const lastFlaggedAt = new Map<number, number>();
    for (const flag of flags)
      lastFlaggedAt.set(flag.messageId, Math.max(lastFlaggedAt.get(flag.messageId) ?? 0, flag.flaggedAt));

    await bulkInsert(tx, chatUsers, data.users);
    await bulkInsert(tx, chatGroups, data.groups);
    await bulkInsert(tx, chatGroupMembers, data.members);
    await bulkInsert(
      tx,
      chatMessages,
      data.messages.map((message) => ({ ...message, id: idOf.get(message) })),
    );
    await tx.execute(sql`select setval(pg_get_serial_sequence('chat_messages', 'id'), ${max + data.messages.length})`);
    await bulkInsert(tx, chatConversationStates, data.states);
    await bulkInsert(tx, chatBlocks, data.blocks);
    await bulkInsert(
      tx,
      chatKeywordLists,
      DEMO_KEYWORD_LISTS.map((list) => ({
        ...list,
        searchTerms: [...list.searchTerms],
        createdAt: now,
        updatedAt: now,
      })),
    );
    await tx.execute(sql`update chat_moderation_version set version = version + 1 where id = 1`);
    await bulkInsert(tx, chatMessageFlags, flags);
    await bulkInsert(
      tx,
      chatFlaggedMessages,
      [...lastFlaggedAt].map(([messageId, at]) => ({ messageId, status: "pending", lastFlaggedAt: at })),
    );
    return true;
  });
}
