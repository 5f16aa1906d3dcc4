import { eq, sql } from "drizzle-orm";
import type { ChatDatabase } from "./db/client";
import { chatConversationStates, chatGroupMembers } from "./db/schema";

/** Whose conversation a message is in: both users of a direct one, every member of a group's. */
export async function conversationOwners(
  db: ChatDatabase,
  sender: string,
  receiverType: "user" | "group",
  receiver: string,
): Promise<string[]> {
  if (receiverType === "user") return [...new Set([sender, receiver])];
  const members = await db
    .select({ uid: chatGroupMembers.uid })
    .from(chatGroupMembers)
    .where(eq(chatGroupMembers.guid, receiver));
  return members.map((member) => member.uid);
}

/**
 * A message is delivered: each owner's state of the conversation moves to `now`; everyone but the
 * sender has one more unread message. States that do not exist yet (a first message) are made.
 */
export async function touchConversation(
  db: ChatDatabase,
  conversationId: string,
  owners: string[],
  sender: string,
  now: number,
) {
  if (owners.length === 0) return;
  await db
    .insert(chatConversationStates)
    .values(
      owners.map((ownerUid) => ({
        ownerUid,
        conversationId,
        unreadMessageCount: ownerUid === sender ? 0 : 1,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [chatConversationStates.ownerUid, chatConversationStates.conversationId],
      set: {
        updatedAt: now,
        unreadMessageCount: sql`${chatConversationStates.unreadMessageCount} + case when ${chatConversationStates.ownerUid} = ${sender} then 0 else 1 end`,
      },
    });
}
