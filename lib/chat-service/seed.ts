import { sql } from "drizzle-orm";
import type { ChatDatabase as Database } from "./db/client";
import { chatBlocks, chatConversationStates, chatGroupMembers, chatGroups, chatMessages, chatUsers } from "./db/schema";
import { buildDemoData } from "./demo-data";

// Any constant works as long as every console process uses the same one; 7412001 guards migrations.
const SEED_LOCK_ID = 7_412_002;
// Keeps each INSERT well below PostgreSQL's limit of 65535 bound parameters.
const MESSAGE_BATCH_SIZE = 500;

/** Accounts in the demo data that show something worth seeing; the README lists them. */
export const DEMO_UIDS_WORTH_LOOKING_UP = [
  {
    uid: "cometchat-uid-1",
    description:
      'Admin of cometchat-guid-1 (last message: an unbanned action); conversation with cometchat-uid-2 tagged "sent"; has blocked kevin-price and brittany-cole',
  },
  {
    uid: "cometchat-uid-2",
    description:
      "Moderator of cometchat-guid-1 and member of the password group founders-circle, whose last message is also an unbanned action",
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

    const data = buildDemoData(Math.floor(Date.now() / 1000));
    await tx.insert(chatUsers).values(data.users);
    await tx.insert(chatGroups).values(data.groups);
    await tx.insert(chatGroupMembers).values(data.members);
    for (let start = 0; start < data.messages.length; start += MESSAGE_BATCH_SIZE) {
      await tx.insert(chatMessages).values(data.messages.slice(start, start + MESSAGE_BATCH_SIZE));
    }
    await tx.insert(chatConversationStates).values(data.states);
    await tx.insert(chatBlocks).values(data.blocks);
    return true;
  });
}
