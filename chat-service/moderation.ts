import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { ChatDatabase } from "./db/client";
import { chatFlaggedMessages, chatMessageFlags, chatMessages, chatModerationReasons } from "./db/schema";
import { chatErrors } from "./errors";
import { recordCall } from "./journal";
import { nowSeconds, requireUser } from "./lookups";
import { APP_SYSTEM, canSee, findMessage } from "./message-access";
import { entitiesOfColumns, messageRecord, type GroupWithCount, type MessageRow } from "./records";
import { chatStore } from "./service";
import { entitiesColumns, messageJson } from "./statements";

/** Reports: the reasons users pick, their flags, and the moderators' review of flagged messages. */

type Reason = typeof chatModerationReasons.$inferSelect;

const reasonRecord = (reason: Reason) => ({
  id: reason.id,
  name: reason.name,
  description: reason.description,
  createdAt: reason.createdAt,
  updatedAt: reason.updatedAt,
  default: reason.isDefault,
});

export async function listReasons() {
  const rows = await chatStore()
    .db.select()
    .from(chatModerationReasons)
    .orderBy(
      desc(chatModerationReasons.isDefault),
      asc(chatModerationReasons.createdAt),
      asc(chatModerationReasons.id),
    );
  return { data: rows.map(reasonRecord), meta: { current: { limit: rows.length, count: rows.length } } };
}

export async function createReason(body: { id: string; name: string; description: string }) {
  return chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    const now = nowSeconds();
    const [reason] = await db
      .insert(chatModerationReasons)
      .values({ ...body, isDefault: false, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!reason) throw chatErrors.reasonExists(body.id);
    await recordCall(db, { method: "POST", path: "/moderation/reasons", uids: [], details: { id: body.id } });
    return reasonRecord(reason);
  });
}

/**
 * `uid` flags message `id` with a reason. A second flag by the same user replaces their first (one
 * flag a user a message); a flag of a message already reviewed puts it back in the flagged list.
 */
export async function flagMessage(id: string, uid: string, body: { reasonId: string; remark: string }) {
  return chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    const message = await findMessage(db, id);
    await requireUser(db, uid);
    if (!(await canSee(db, message, uid))) throw chatErrors.noMessageAccess(uid, id);
    const [reason] = await db.select().from(chatModerationReasons).where(eq(chatModerationReasons.id, body.reasonId));
    if (!reason) throw chatErrors.reasonNotFound(body.reasonId);
    const now = nowSeconds();
    await db
      .insert(chatMessageFlags)
      .values({ messageId: message.id, uid, reasonId: reason.id, remark: body.remark, flaggedAt: now })
      .onConflictDoUpdate({
        target: [chatMessageFlags.messageId, chatMessageFlags.uid],
        set: { reasonId: reason.id, remark: body.remark, flaggedAt: now },
      });
    await db
      .insert(chatFlaggedMessages)
      .values({ messageId: message.id, status: "pending", lastFlaggedAt: now })
      .onConflictDoUpdate({
        target: chatFlaggedMessages.messageId,
        set: { status: "pending", lastFlaggedAt: now, reviewedAt: null },
      });
    await recordCall(db, {
      method: "POST",
      path: `/messages/${id}/flagged`,
      uids: [uid],
      details: { reasonId: reason.id },
    });
    return { success: true, message: `The message with id ${id} has been flagged successfully.` };
  });
}

// The page's reporters in one grouped join (not a subquery an item): the flagged list's biggest cost.
const flaggedListStatement = {
  name: "chat_flagged_messages_page",
  text: `with page as (
      select f.message_id, f.last_flagged_at from chat_flagged_messages f where f.status = 'pending'
      order by f.last_flagged_at desc, f.message_id desc limit $1 offset $2),
    flagged as (select m.* from page p join chat_messages m on m.id = p.message_id),
    reporters as (
      select fl.message_id, json_agg(json_build_object('uid', u.uid, 'name', u.name, 'avatar', u.avatar,
          'role', u.role, 'reasonId', r.id, 'reasonName', r.name, 'description', r.description,
          'remark', fl.remark, 'flaggedAt', fl.flagged_at) order by fl.flagged_at, fl.uid) as flagged_by
      from page p join chat_message_flags fl on fl.message_id = p.message_id
        join chat_users u on u.uid = fl.uid join chat_moderation_reasons r on r.id = fl.reason_id
      group by fl.message_id)
    select (select coalesce(json_agg(json_build_object('message', ${messageJson("m")}, 'flaggedBy', coalesce(rp.flagged_by, '[]'::json))
        order by p.last_flagged_at desc, p.message_id desc), '[]')
      from page p join chat_messages m on m.id = p.message_id
        left join reporters rp on rp.message_id = p.message_id) as "items",
    ${entitiesColumns("flagged")}`,
};

type FlaggedBy = { uid: string; name: string; avatar: string | null } & Record<string, unknown>;
type FlaggedRow = {
  items: Array<{ message: Pick<MessageRow, "recordSource">; flaggedBy: FlaggedBy[] }>;
  users: string | null;
  groups: GroupWithCount[];
};

/** The messages waiting for review, the most recently flagged first, each with who flagged it and why. */
export async function listFlaggedMessages(query: { limit: number; page: number }) {
  const [row] = await chatStore().run<FlaggedRow>(flaggedListStatement, [query.limit, (query.page - 1) * query.limit]);
  const entities = entitiesOfColumns(row);
  const data = (row?.items ?? []).map(({ message, flaggedBy }) => ({
    ...messageRecord(message, entities, ""),
    flaggedBy: flaggedBy.map(({ avatar, ...flag }) => ({ ...flag, ...(avatar ? { avatar } : {}) })),
    flaggedCount: flaggedBy.length,
  }));
  return { data, meta: { current: { limit: query.limit, count: data.length } } };
}

/**
 * A moderator's review of a flagged message: it leaves the flagged list either way; `disapproved`
 * also hides the message, deleted (softly) by the app. A message not in the list (never flagged,
 * or reviewed already) is ERR_FLAGGED_MESSAGE_NOT_FOUND.
 */
export async function reviewFlaggedMessage(id: string, status: "approved" | "disapproved") {
  return chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    const message = await findMessage(db, id);
    const now = nowSeconds();
    const [reviewed] = await db
      .update(chatFlaggedMessages)
      .set({ status, reviewedAt: now })
      .where(and(eq(chatFlaggedMessages.messageId, message.id), eq(chatFlaggedMessages.status, "pending")))
      .returning();
    if (!reviewed) throw chatErrors.notFlagged(id);
    if (status === "disapproved") {
      await db
        .update(chatMessages)
        .set({ deletedAt: now, deletedBy: APP_SYSTEM, updatedAt: now })
        .where(and(eq(chatMessages.id, message.id), isNull(chatMessages.deletedAt)));
    }
    await recordCall(db, {
      method: "PATCH",
      path: `/moderation/flagged-messages/${id}`,
      uids: [message.sender],
      details: { status },
    });
    return { success: true, message: `Message with ID ${id} has been reviewed successfully.` };
  });
}
