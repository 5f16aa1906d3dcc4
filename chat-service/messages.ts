import { eq, sql } from "drizzle-orm";
import type { ChatDatabase } from "./db/client";
import { chatConversationStates, chatGroupMembers, chatMessages } from "./db/schema";
import { chatErrors } from "./errors";
import { APP_SYSTEM, canSee, findMessage, moderates, requireMembership } from "./message-access";
import { recordCall } from "./journal";
import { findGroups, findUsers, nowSeconds, requireUser } from "./lookups";
import {
  entitiesOf,
  groupConversationId,
  messageRecord,
  referencesOf,
  userConversationId,
  type MessageRow,
} from "./records";
import { chatStore } from "./service";

type SendMessage = {
  receiver: string;
  receiverType: "user" | "group";
  category: "message";
  type: "text";
  data: { text: string; metadata?: Record<string, unknown> };
};

/** The message as a record (2.2) seen by `viewer`, with every user and group it names. */
async function recordOf(db: ChatDatabase, message: MessageRow, viewer = "") {
  const { uids, guids } = referencesOf(message);
  const entities = entitiesOf((await findUsers(db, uids)).values(), (await findGroups(db, guids)).values());
  return messageRecord(message, entities, viewer);
}

/**
 * Each owner's state of the conversation moves to `now`; everyone but the sender has one more
 * unread message. States that do not exist yet (a first message) are made.
 */
async function touchConversation(
  db: ChatDatabase,
  conversationId: string,
  owners: string[],
  sender: string,
  now: number,
) {
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

/** The vendor's "send message" on behalf of `sender`: a text message to a user or a group. */
export async function sendMessage(sender: string, body: SendMessage) {
  return chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    await requireUser(db, sender);
    const now = nowSeconds();
    let conversationId: string;
    let owners: string[];
    if (body.receiverType === "user") {
      await requireUser(db, body.receiver);
      conversationId = userConversationId(sender, body.receiver);
      owners = [...new Set([sender, body.receiver])];
    } else {
      await requireMembership(db, body.receiver, sender);
      conversationId = groupConversationId(body.receiver);
      const members = await db
        .select({ uid: chatGroupMembers.uid })
        .from(chatGroupMembers)
        .where(eq(chatGroupMembers.guid, body.receiver));
      owners = members.map((member) => member.uid);
    }
    const data = body.data.metadata ? { text: body.data.text, metadata: body.data.metadata } : { text: body.data.text };
    const [message] = await db
      .insert(chatMessages)
      .values({
        conversationId,
        sender,
        receiverType: body.receiverType,
        receiver: body.receiver,
        category: body.category,
        type: body.type,
        data,
        sentAt: now,
        updatedAt: now,
      })
      .returning();
    await touchConversation(db, conversationId, owners, sender, now);
    await recordCall(db, {
      method: "POST",
      path: "/messages",
      uids: [sender],
      details: { id: String(message!.id), conversationId },
    });
    return recordOf(db, message!, sender);
  });
}

export async function getMessage(id: string, onBehalfOf: string | undefined) {
  const { db } = chatStore();
  const message = await findMessage(db, id);
  if (onBehalfOf) {
    await requireUser(db, onBehalfOf);
    if (!(await canSee(db, message, onBehalfOf))) throw chatErrors.noMessageAccess(onBehalfOf, id);
  }
  return recordOf(db, message, onBehalfOf);
}

/**
 * The vendor's "delete message": soft by default (the message stays, with `deletedAt` and
 * `deletedBy`), or `permanent`ly removed with its flags. With `onBehalfOf`, only its sender or an
 * admin or moderator of its group may delete it; with the API key alone, anyone's.
 */
export async function deleteMessage(id: string, onBehalfOf: string | undefined, permanent: boolean) {
  return chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    const message = await findMessage(db, id);
    if (onBehalfOf) {
      await requireUser(db, onBehalfOf);
      if (message.sender !== onBehalfOf && !(await moderates(db, message, onBehalfOf)))
        throw chatErrors.notTheSender(onBehalfOf, id);
    }
    const now = nowSeconds();
    const deletedBy = onBehalfOf || APP_SYSTEM;
    let deleted: MessageRow = message;
    if (!message.deletedAt) {
      // Marked deleted first even when it is about to go, so that the record answered says when and by whom.
      const [updated] = await db
        .update(chatMessages)
        .set(permanent ? { deletedAt: now, deletedBy } : { deletedAt: now, deletedBy, updatedAt: now })
        .where(eq(chatMessages.id, message.id))
        .returning();
      deleted = updated ?? message;
    }
    if (permanent) await db.delete(chatMessages).where(eq(chatMessages.id, message.id));
    await recordCall(db, {
      method: "DELETE",
      path: `/messages/${id}`,
      uids: [message.sender],
      details: { permanent, deletedBy },
    });
    return recordOf(db, deleted, onBehalfOf);
  });
}
