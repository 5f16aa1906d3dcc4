import { and, desc, eq, gte, ne, sql, type SQL } from "drizzle-orm";
import type { RuleMatch } from "@/lib/rule-matching/types";
import type { ChatDatabase } from "./db/client";
import { chatBlockedMessages, chatMessages } from "./db/schema";
import { chatErrors } from "./errors";
import { recordCall } from "./journal";
import { findGroups, findUsers, nowSeconds } from "./lookups";
import { conversationOwners, touchConversation } from "./conversation-touch";
import { entitiesOf, referencesOf, messageRecord, type MessageRecord } from "./records";
import { chatStore } from "./service";

/**
 * Messages the moderation engine held back. `blockMessage`: kept apart from chat_messages (so no list,
 * conversation, unread count or last message shows it) for a moderator, who approves it (it is then
 * delivered, under the id it was given, from chat_messages' sequence) or rejects it. `dropMessage`:
 * neither delivered nor kept; the id it was given is never used again.
 */

export type HeldMessage = {
  conversationId: string;
  sender: string;
  receiverType: "user" | "group";
  receiver: string;
  category: string;
  type: string;
  data: Record<string, unknown>;
  sentAt: number;
};

type BlockedRow = typeof chatBlockedMessages.$inferSelect;

const NEXT_MESSAGE_ID = sql`nextval(pg_get_serial_sequence('chat_messages', 'id'))`;

/** The message's record (2.2) with `data.moderation`, the status the vendor's moderation gives it. */
function withModeration(record: MessageRecord, status: string): MessageRecord {
  const data = record.data as Record<string, unknown>;
  return { ...record, data: { ...data, moderation: { status } } };
}

async function recordsOf(db: ChatDatabase, rows: Array<Pick<BlockedRow, "recordSource">>) {
  const references = rows.map(referencesOf);
  const users = await findUsers(
    db,
    references.flatMap((refs) => refs.uids),
  );
  const groups = await findGroups(
    db,
    references.flatMap((refs) => refs.guids),
  );
  const entities = entitiesOf(users.values(), groups.values());
  return rows.map((row) => messageRecord(row, entities, ""));
}

/** Keeps a message a `blockMessage` rule matched for review; answers its record, `data.moderation.status` pending. */
export async function blockMessage(db: ChatDatabase, message: HeldMessage, match: RuleMatch) {
  const now = nowSeconds();
  const [row] = await db
    .insert(chatBlockedMessages)
    .values({
      ...message,
      messageId: NEXT_MESSAGE_ID,
      ruleId: match.rule.id,
      ruleName: match.rule.name,
      revisionId: match.rule.revisionId,
      condition: { ...match.condition, weight: 1 },
      action: ["blockMessage"],
      status: "pending",
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await recordCall(db, {
    method: "POST",
    path: "/messages",
    uids: [message.sender],
    details: {
      id: String(row!.messageId),
      conversationId: message.conversationId,
      moderation: "blocked",
      ruleId: match.rule.id,
    },
  });
  const [record] = await recordsOf(db, [row!]);
  return withModeration(record!, "pending");
}

/**
 * A message a `dropMessage` rule matched: nothing is kept. Its sender still gets a record, with an id
 * no message will have and `data.moderation.status` "dropped" (ours: the vendor does not say).
 */
export async function dropMessage(db: ChatDatabase, message: HeldMessage, match: RuleMatch) {
  const result = await db.execute<{ id: number; recordSource: string }>(sql`
    select n.id, chat_message_record_source(n.id, ${message.conversationId}, ${message.sender}, ${message.receiverType},
      ${message.receiver}, ${message.category}, ${message.type}, ${JSON.stringify(message.data)}::jsonb, '[]'::jsonb,
      ${message.sentAt}::bigint, ${message.sentAt}::bigint, null::bigint, null::text) as "recordSource"
    from (select ${NEXT_MESSAGE_ID} as id) n`);
  const row = (result as unknown as { rows: Array<{ id: number | string; recordSource: string }> }).rows[0]!;
  await recordCall(db, {
    method: "POST",
    path: "/messages",
    uids: [message.sender],
    details: {
      id: String(row.id),
      conversationId: message.conversationId,
      moderation: "dropped",
      ruleId: match.rule.id,
    },
  });
  const [record] = await recordsOf(db, [row]);
  return withModeration(record!, "dropped");
}

function itemOf(row: BlockedRow, record: MessageRecord, reviewed: boolean) {
  return {
    ruleId: row.ruleId,
    ruleName: row.ruleName,
    revisionId: row.revisionId,
    condition: row.condition,
    message: withModeration(record, row.status),
    action: row.action,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(reviewed ? { status: row.status, reviewedAt: row.reviewedAt } : {}),
  };
}

async function page(where: SQL | undefined, order: SQL[], query: { limit: number; page: number }, reviewed: boolean) {
  const { db } = chatStore();
  const rows = await db
    .select()
    .from(chatBlockedMessages)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const records = await recordsOf(db, rows);
  const data = rows.map((row, index) => itemOf(row, records[index]!, reviewed));
  return { data, meta: { current: { limit: query.limit, count: data.length } } };
}

/** The messages waiting for review, the newest first; `page` and `fromTimestamp` are ours. */
export const listBlockedMessages = (query: { limit: number; page: number; fromTimestamp?: number }) =>
  page(
    and(
      eq(chatBlockedMessages.status, "pending"),
      query.fromTimestamp !== undefined ? gte(chatBlockedMessages.createdAt, query.fromTimestamp) : undefined,
    ),
    [desc(chatBlockedMessages.createdAt), desc(chatBlockedMessages.messageId)],
    query,
    false,
  );

/** The messages reviewed, the most recently reviewed first, each with its decision. */
export const listReviewedMessages = (query: { limit: number; page: number }) =>
  page(
    ne(chatBlockedMessages.status, "pending"),
    [desc(chatBlockedMessages.reviewedAt), desc(chatBlockedMessages.messageId)],
    query,
    true,
  );

/**
 * A moderator's decision on a blocked message: `approved` delivers it (into every list, its
 * conversation, the last message and unread counts, under its id and first `sentAt`); `rejected`
 * leaves it undelivered. Both take it out of the blocked list. The same decision again answers
 * success (a client that lost the answer may retry); the other one is ERR_MESSAGE_ALREADY_REVIEWED.
 */
export async function reviewBlockedMessage(id: string, status: "approved" | "rejected") {
  return chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    const now = nowSeconds();
    const [decided] = await db
      .update(chatBlockedMessages)
      .set({ status, reviewedAt: now, updatedAt: now })
      .where(and(eq(chatBlockedMessages.messageId, Number(id)), eq(chatBlockedMessages.status, "pending")))
      .returning();
    if (!decided) {
      const [row] = await db
        .select({ status: chatBlockedMessages.status })
        .from(chatBlockedMessages)
        .where(eq(chatBlockedMessages.messageId, Number(id)));
      if (!row) throw chatErrors.messageNotFound(id);
      if (row.status !== status) throw chatErrors.alreadyReviewed(id, row.status);
    } else if (status === "approved") {
      await db.insert(chatMessages).values({
        id: decided.messageId,
        conversationId: decided.conversationId,
        sender: decided.sender,
        receiverType: decided.receiverType,
        receiver: decided.receiver,
        category: decided.category,
        type: decided.type,
        data: decided.data,
        sentAt: decided.sentAt,
        updatedAt: now,
      });
      const owners = await conversationOwners(
        db,
        decided.sender,
        decided.receiverType as "user" | "group",
        decided.receiver,
      );
      await touchConversation(db, decided.conversationId, owners, decided.sender, now);
    }
    if (decided)
      await recordCall(db, {
        method: "PATCH",
        path: `/moderation/blocked-messages/${id}`,
        uids: [decided.sender],
        details: { status },
      });
    return { success: true, message: `Message with ID ${id} has been ${status}.` };
  });
}
