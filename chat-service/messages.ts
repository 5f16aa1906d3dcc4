import { eq } from "drizzle-orm";
import { blockMessage, dropMessage } from "./blocked-messages";
import { conversationOwners, touchConversation } from "./conversation-touch";
import { currentRules } from "./moderation-engine";
import type { ChatDatabase } from "./db/client";
import { chatMessages } from "./db/schema";
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
 * The vendor's "send message" on behalf of `sender`: a text message to a user or a group. The
 * moderation engine's enabled rules see it first (./moderation-engine.ts): one that matches holds it
 * back (./blocked-messages.ts), and the sender's answer says so in `data.moderation`.
 */
export async function sendMessage(sender: string, body: SendMessage) {
  const rules = await currentRules();
  return chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    const senderRow = await requireUser(db, sender);
    const now = nowSeconds();
    let conversationId: string;
    let receiverCreatedAt: number | undefined;
    if (body.receiverType === "user") {
      receiverCreatedAt = (await requireUser(db, body.receiver)).createdAt;
      conversationId = userConversationId(sender, body.receiver);
    } else {
      await requireMembership(db, body.receiver, sender);
      conversationId = groupConversationId(body.receiver);
    }
    const data = body.data.metadata ? { text: body.data.text, metadata: body.data.metadata } : { text: body.data.text };
    const match = rules.firstMatch(
      {
        text: body.data.text,
        sender: { uid: sender, createdAt: senderRow.createdAt },
        receiverType: body.receiverType,
        receiver: body.receiver,
        ...(receiverCreatedAt !== undefined ? { receiverCreatedAt } : {}),
      },
      now,
    );
    if (match) {
      const held = {
        conversationId,
        sender,
        receiverType: body.receiverType,
        receiver: body.receiver,
        category: body.category,
        type: body.type,
        data,
        sentAt: now,
      };
      return match.rule.action[0] === "dropMessage" ? dropMessage(db, held, match) : blockMessage(db, held, match);
    }
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
    const owners = await conversationOwners(db, sender, body.receiverType, body.receiver);
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
