import { and, asc, desc, eq, gt, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { ChatDatabase as Database } from "./db/client";
import { chatStore } from "./service";
import { chatConversationStates, chatGroupMembers, chatGroups, chatUsers } from "./db/schema";
import { membersCount } from "./members-count";
import { loadLastMessages } from "./last-messages";
import { literalForLike, requireUser } from "./lookups";
import { listMeta, offsetOf, type PageRequest } from "./pagination";
import { conversationRecord, groupConversationWith, userConversationWith } from "./records";

type ConversationListQuery = PageRequest & {
  conversationType?: "user" | "group";
  searchKey?: string;
  unread?: boolean;
  withTags?: boolean;
  tags?: string[];
};

const state = chatConversationStates;
const USER_SEPARATOR = "_user_";
const GROUP_PREFIX = "group_";

/**
 * One page of the conversations `owner` can open, joined to what each is with, in one statement: a
 * state row of the owner whose other user exists, or whose group has the owner as a member (the rule
 * of the single conversation endpoints). The other UID is read off the conversation id
 * `<uidA>_user_<uidB>`, on the side that is not the owner's. `total` counts every match, not just the page.
 */
function conversationPage(db: Database, owner: string, where: SQL | undefined, limit: number, offset: number) {
  const width = owner.length + USER_SEPARATOR.length;
  const otherUid = sql`case
    when left(${state.conversationId}, ${width}::int) = ${owner + USER_SEPARATOR} then substr(${state.conversationId}, ${width + 1}::int)
    when right(${state.conversationId}, ${width}::int) = ${USER_SEPARATOR + owner} then left(${state.conversationId}, -${width}::int)
  end`;
  const guid = sql`case when left(${state.conversationId}, ${GROUP_PREFIX.length}::int) = ${GROUP_PREFIX}
    then substr(${state.conversationId}, ${GROUP_PREFIX.length + 1}::int) end`;
  return db
    .select({
      state,
      other: chatUsers,
      group: chatGroups,
      membership: chatGroupMembers,
      membersCount,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(state)
    .leftJoin(chatUsers, and(eq(chatUsers.uid, otherUid), isNull(chatUsers.deactivatedAt)))
    .leftJoin(chatGroupMembers, and(eq(chatGroupMembers.uid, owner), eq(chatGroupMembers.guid, guid)))
    .leftJoin(chatGroups, eq(chatGroups.guid, chatGroupMembers.guid))
    .where(where)
    .orderBy(desc(state.updatedAt), asc(state.conversationId))
    .limit(limit)
    .offset(offset);
}

function filters(owner: string, query: ConversationListQuery): SQL | undefined {
  const isGroup = isNotNull(chatGroups.guid);
  const key = query.searchKey ? literalForLike(query.searchKey.toLowerCase()) : undefined;
  return and(
    eq(state.ownerUid, owner),
    or(isGroup, isNotNull(chatUsers.uid)),
    query.conversationType === "group" ? isGroup : undefined,
    query.conversationType === "user" ? isNull(chatGroups.guid) : undefined,
    query.unread ? gt(state.unreadMessageCount, 0) : undefined,
    query.withTags ? sql`jsonb_array_length(${state.tags}) > 0` : undefined,
    query.tags?.length ? sql`jsonb_exists_any(${state.tags}, ${sql.param(query.tags)}::text[])` : undefined,
    // The vendor searches the names of the users and groups conversations are with; their ids count too.
    key
      ? sql`(lower(coalesce(${chatGroups.name}, ${chatUsers.name})) like ${`%${key}%`}
          or coalesce(${chatGroups.guid}, ${chatUsers.uid}) like ${`${key}%`})`
      : undefined,
  );
}

/**
 * The vendor's "list conversations" of one owner, newest first, each a full record (2.1) with the
 * owner's tags and unread count. A fixed number of statements whatever the page size: the owner,
 * the page with its total, then the last messages and what they refer to.
 */
export async function listConversations(owner: string, query: ConversationListQuery) {
  const { db } = chatStore();
  await requireUser(db, owner);
  const where = filters(owner, query);
  const rows = await conversationPage(db, owner, where, query.perPage, offsetOf(query));
  // A page past the end has no row to carry the total: the first row of the first page does.
  const total =
    rows[0]?.total ?? (query.page > 1 ? ((await conversationPage(db, owner, where, 1, 0))[0]?.total ?? 0) : 0);

  const lastMessages = await loadLastMessages(
    db,
    rows.map((row) => row.state.conversationId),
    owner,
  );
  const data = rows.map(({ state: row, other, group, membership, membersCount }) => {
    const lastMessage = lastMessages.get(row.conversationId);
    if (group && membership) {
      return conversationRecord(
        row,
        "group",
        groupConversationWith({ ...group, membersCount }, membership),
        lastMessage,
      );
    }
    return conversationRecord(row, "user", userConversationWith(other!, row.conversationId), lastMessage);
  });
  return {
    data,
    meta: listMeta(
      query,
      total,
      rows.length,
      rows.map((row) => row.state.updatedAt),
    ),
  };
}
