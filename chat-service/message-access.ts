import { and, eq } from "drizzle-orm";
import type { ChatDatabase } from "./db/client";
import { chatGroupBans, chatGroupMembers, chatGroups, chatMessages } from "./db/schema";
import { chatErrors } from "./errors";
import type { MessageRow } from "./records";

/** Who may see and change a message, and the look-ups every endpoint of the moderation surface starts with. */

/** Who a change is made by when no `onBehalfOf` names a user: the app itself, as the vendor writes it. */
export const APP_SYSTEM = "app_system";

/** A group member's scope, after checking the group exists; throws the vendor's errors for a non-member. */
export async function requireMembership(db: ChatDatabase, guid: string, uid: string) {
  const [group] = await db.select({ guid: chatGroups.guid }).from(chatGroups).where(eq(chatGroups.guid, guid));
  if (!group) throw chatErrors.guidNotFound(guid);
  const [member] = await db
    .select()
    .from(chatGroupMembers)
    .where(and(eq(chatGroupMembers.guid, guid), eq(chatGroupMembers.uid, uid)));
  if (member) return member;
  const [ban] = await db
    .select()
    .from(chatGroupBans)
    .where(and(eq(chatGroupBans.guid, guid), eq(chatGroupBans.uid, uid)));
  throw ban ? chatErrors.bannedMember(uid, guid) : chatErrors.notAMember(uid, guid);
}

export async function findMessage(db: ChatDatabase, id: string): Promise<MessageRow> {
  const [message] = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.id, Number(id)));
  if (!message) throw chatErrors.messageNotFound(id);
  return message;
}

/** Whether `uid` takes part in the message's conversation: its sender, its receiver, or a member of its group. */
export async function canSee(db: ChatDatabase, message: MessageRow, uid: string): Promise<boolean> {
  if (message.sender === uid || (message.receiverType === "user" && message.receiver === uid)) return true;
  if (message.receiverType !== "group") return false;
  const [member] = await db
    .select({ uid: chatGroupMembers.uid })
    .from(chatGroupMembers)
    .where(and(eq(chatGroupMembers.guid, message.receiver), eq(chatGroupMembers.uid, uid)));
  return Boolean(member);
}

/** Whether `uid` may delete a message it did not send: an admin or moderator of the message's group. */
export async function moderates(db: ChatDatabase, message: MessageRow, uid: string): Promise<boolean> {
  if (message.receiverType !== "group") return false;
  const [member] = await db
    .select({ scope: chatGroupMembers.scope })
    .from(chatGroupMembers)
    .where(and(eq(chatGroupMembers.guid, message.receiver), eq(chatGroupMembers.uid, uid)));
  return member?.scope === "admin" || member?.scope === "moderator";
}
