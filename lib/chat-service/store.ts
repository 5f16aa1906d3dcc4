import { and, asc, count, desc, eq, inArray, sql, type Column } from "drizzle-orm";
import { getDb, type Database } from "@/lib/db/client";
import {
  chatBlockCallJournal,
  chatBlocks,
  chatConversationStates,
  chatGroupMembers,
  chatGroups,
  chatMessages,
  chatUsers,
} from "@/lib/db/schema";
import { chatErrors } from "./errors";
import {
  groupConversationId,
  groupEntity,
  messageRecord,
  referencesOf,
  userConversationId,
  userEntity,
  userRecord,
  type Entities,
  type GroupWithCount,
  type UserRow,
} from "./records";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * `column = ANY($1)` with the list as one array parameter: a block request may name tens of
 * thousands of UIDs, past PostgreSQL's limit of 65,535 parameters of an `IN (...)` list.
 */
const isAnyOf = (column: Column, values: string[]) => sql`${column} = any(${sql.param(values)}::text[])`;

async function findUsers(db: Database, uids: string[]): Promise<Map<string, UserRow>> {
  const unique = [...new Set(uids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(chatUsers).where(isAnyOf(chatUsers.uid, unique));
  return new Map(rows.map((row) => [row.uid, row]));
}

async function findGroups(db: Database, guids: string[]): Promise<Map<string, GroupWithCount>> {
  const unique = [...new Set(guids)];
  if (unique.length === 0) return new Map();
  const groups = await db.select().from(chatGroups).where(inArray(chatGroups.guid, unique));
  const counts = await db
    .select({ guid: chatGroupMembers.guid, membersCount: count() })
    .from(chatGroupMembers)
    .where(inArray(chatGroupMembers.guid, unique))
    .groupBy(chatGroupMembers.guid);
  const countOf = new Map(counts.map((row) => [row.guid, row.membersCount]));
  return new Map(groups.map((group) => [group.guid, { ...group, membersCount: countOf.get(group.guid) ?? 0 }]));
}

async function requireUser(db: Database, uid: string): Promise<UserRow> {
  const [user] = await db.select().from(chatUsers).where(eq(chatUsers.uid, uid)).limit(1);
  if (!user) throw chatErrors.uidNotFound(uid);
  return user;
}

export async function getUser(uid: string) {
  return userRecord(await requireUser(await getDb(), uid));
}

type ConversationTarget =
  { kind: "user"; owner: string; other: string } | { kind: "group"; owner: string; guid: string };

/** Loads one owner's conversation as a record of the contract (2.1), after `change` if given. */
async function conversationRecord(target: ConversationTarget, change?: { tags?: string[] }) {
  const db = await getDb();
  const owner = await requireUser(db, target.owner);
  let conversationId: string;
  let withEntity: Record<string, unknown>;
  if (target.kind === "user") {
    const other = await requireUser(db, target.other);
    conversationId = userConversationId(owner.uid, other.uid);
    withEntity = { ...userRecord(other), conversationId };
  } else {
    const group = (await findGroups(db, [target.guid])).get(target.guid);
    if (!group) throw chatErrors.guidNotFound(target.guid);
    conversationId = groupConversationId(group.guid);
    const [membership] = await db
      .select()
      .from(chatGroupMembers)
      .where(and(eq(chatGroupMembers.guid, group.guid), eq(chatGroupMembers.uid, owner.uid)))
      .limit(1);
    if (!membership) throw chatErrors.conversationNotAccessible(conversationId, owner.uid);
    const { conversationId: groupConversation, ...groupFields } = groupEntity(group);
    withEntity = {
      ...groupFields,
      scope: membership.scope,
      joinedAt: membership.joinedAt,
      conversationId: groupConversation,
      hasJoined: true,
    };
  }

  const stateKey = and(
    eq(chatConversationStates.ownerUid, owner.uid),
    eq(chatConversationStates.conversationId, conversationId),
  );
  const [state] =
    change?.tags !== undefined
      ? await db
          .update(chatConversationStates)
          .set({ tags: change.tags, updatedAt: nowSeconds() })
          .where(stateKey)
          .returning()
      : await db.select().from(chatConversationStates).where(stateKey).limit(1);
  if (!state) throw chatErrors.conversationNotAccessible(conversationId, owner.uid);

  const [lastMessage] = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.id))
    .limit(1);

  let lastMessageRecord: ReturnType<typeof messageRecord> | undefined;
  if (lastMessage) {
    const refs = referencesOf(lastMessage);
    const entities: Entities = { users: await findUsers(db, refs.uids), groups: await findGroups(db, refs.guids) };
    lastMessageRecord = messageRecord(lastMessage, entities, owner.uid);
  }

  return {
    conversationId,
    conversationType: target.kind,
    unreadMessageCount: String(state.unreadMessageCount),
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    tags: state.tags,
    ...(lastMessageRecord ? { lastMessage: lastMessageRecord } : {}),
    conversationWith: withEntity,
  };
}

export const getUserConversation = (owner: string, other: string) => conversationRecord({ kind: "user", owner, other });

export const updateUserConversation = (owner: string, other: string, tags: string[] | undefined) =>
  conversationRecord({ kind: "user", owner, other }, { tags });

export const getGroupConversation = (owner: string, guid: string) => conversationRecord({ kind: "group", owner, guid });

export const updateGroupConversation = (owner: string, guid: string, tags: string[] | undefined) =>
  conversationRecord({ kind: "group", owner, guid }, { tags });

export type BlockOutcome = { success: boolean; message: string };

const blockMessages = {
  blocked: (by: string, uid: string) => `The user with UID ${by} has blocked user with UID ${uid} successfully.`,
  alreadyBlocked: (by: string, uid: string) => `The user with UID ${by} has already blocked user with UID ${uid}.`,
  unblocked: (by: string, uid: string) => `The user with UID ${by} has unblocked user with UID ${uid} successfully.`,
  notBlocked: (by: string, uid: string) => `The user with UID ${by} has not blocked user with UID ${uid}.`,
  self: (by: string, verb: "block" | "unblock") => `The user with UID ${by} cannot ${verb} themselves.`,
  unknown: (uid: string) => `The UID ${uid} does not exist, please make sure you have created a user with UID ${uid}.`,
};

/** Sorts the requested UIDs into self, unknown and known, in one query. */
async function classify(db: Database, blocker: string, uids: string[]) {
  const requested = [...new Set(uids)];
  const others = requested.filter((uid) => uid !== blocker);
  const existing = new Set((await findUsers(db, others)).keys());
  return { requested, known: others.filter((uid) => existing.has(uid)), existing };
}

/**
 * Runs a block or unblock write; with the journal on, the call is journaled in the same
 * transaction, so that the journal holds exactly the calls that took effect.
 */
async function withJournal<T>(
  db: Database,
  journal: JournalEntry | undefined,
  write: (tx: Database) => Promise<T>,
): Promise<T> {
  if (!journal) return write(db);
  return db.transaction(async (tx) => {
    await tx.insert(chatBlockCallJournal).values(journal);
    return write(tx as unknown as Database);
  });
}

type JournalEntry = { method: "POST" | "DELETE"; blockerUid: string; uids: string[] };

export async function blockUsers(
  blocker: string,
  uids: string[],
  journal = false,
): Promise<Record<string, BlockOutcome>> {
  const db = await getDb();
  await requireUser(db, blocker);
  const { requested, known, existing } = await classify(db, blocker, uids);
  const inserted = new Set<string>();
  await withJournal(db, journal ? { method: "POST", blockerUid: blocker, uids } : undefined, async (tx) => {
    if (known.length === 0) return;
    // node-postgres and PGlite both answer raw queries with `{ rows }`.
    const { rows } = (await tx.execute(sql`
      insert into ${chatBlocks} (blocker_uid, blocked_uid, blocked_at)
      select ${blocker}, uid, ${nowSeconds()} from unnest(${sql.param(known)}::text[]) as uid
      on conflict do nothing
      returning blocked_uid`)) as unknown as { rows: Array<{ blocked_uid: string }> };
    for (const row of rows) inserted.add(row.blocked_uid);
  });
  const result: Record<string, BlockOutcome> = {};
  for (const uid of requested) {
    if (uid === blocker) result[uid] = { success: false, message: blockMessages.self(blocker, "block") };
    else if (!existing.has(uid)) result[uid] = { success: false, message: blockMessages.unknown(uid) };
    else if (inserted.has(uid)) result[uid] = { success: true, message: blockMessages.blocked(blocker, uid) };
    else result[uid] = { success: true, message: blockMessages.alreadyBlocked(blocker, uid) };
  }
  return result;
}

export async function unblockUsers(
  blocker: string,
  uids: string[],
  journal = false,
): Promise<Record<string, BlockOutcome>> {
  const db = await getDb();
  await requireUser(db, blocker);
  const { requested, known, existing } = await classify(db, blocker, uids);
  const removed = new Set<string>();
  await withJournal(db, journal ? { method: "DELETE", blockerUid: blocker, uids } : undefined, async (tx) => {
    if (known.length === 0) return;
    const rows = await tx
      .delete(chatBlocks)
      .where(and(eq(chatBlocks.blockerUid, blocker), isAnyOf(chatBlocks.blockedUid, known)))
      .returning({ blockedUid: chatBlocks.blockedUid });
    for (const row of rows) removed.add(row.blockedUid);
  });
  const result: Record<string, BlockOutcome> = {};
  for (const uid of requested) {
    if (uid === blocker) result[uid] = { success: false, message: blockMessages.self(blocker, "unblock") };
    else if (!existing.has(uid)) result[uid] = { success: false, message: blockMessages.unknown(uid) };
    else if (removed.has(uid)) result[uid] = { success: true, message: blockMessages.unblocked(blocker, uid) };
    else result[uid] = { success: false, message: blockMessages.notBlocked(blocker, uid) };
  }
  return result;
}

export async function listBlockedUsers(blocker: string, page: number, perPage: number) {
  const db = await getDb();
  await requireUser(db, blocker);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(chatBlocks)
    .where(eq(chatBlocks.blockerUid, blocker));
  const rows = await db
    .select({ user: chatUsers, blockedAt: chatBlocks.blockedAt })
    .from(chatBlocks)
    .innerJoin(chatUsers, eq(chatUsers.uid, chatBlocks.blockedUid))
    .where(eq(chatBlocks.blockerUid, blocker))
    .orderBy(desc(chatBlocks.blockedAt), chatBlocks.blockedUid)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const blockedBack = new Set(
    rows.length === 0
      ? []
      : (
          await db
            .select({ uid: chatBlocks.blockerUid })
            .from(chatBlocks)
            .where(
              and(
                eq(chatBlocks.blockedUid, blocker),
                inArray(
                  chatBlocks.blockerUid,
                  rows.map((row) => row.user.uid),
                ),
              ),
            )
        ).map((row) => row.uid),
  );
  return {
    data: rows.map(({ user, blockedAt }) => ({
      ...userEntity(user, blocker),
      blockedByMe: true,
      hasBlockedMe: blockedBack.has(user.uid),
      blockedByMeAt: blockedAt,
      blockedAt,
    })),
    meta: {
      pagination: {
        total,
        count: rows.length,
        per_page: perPage,
        current_page: page,
        total_pages: Math.max(1, Math.ceil(total / perPage)),
      },
    },
  };
}

export async function readBlockCallJournal() {
  const rows = await (await getDb()).select().from(chatBlockCallJournal).orderBy(asc(chatBlockCallJournal.id));
  return rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() }));
}

export async function clearBlockCallJournal(): Promise<void> {
  await (await getDb()).delete(chatBlockCallJournal);
}

/** Adds `count` users named `<prefix>-<n>` in one statement: load for demos and tests of incident mode. */
export async function createTestUsers(
  prefix: string,
  count: number,
): Promise<{ created: number; first: string; last: string }> {
  const db = await getDb();
  const { rows } = (await db.execute(sql`
    insert into ${chatUsers} (uid, name, role, status, created_at)
    select ${prefix} || '-' || n, 'Test user ' || n, 'default', 'offline', ${nowSeconds()}
    from generate_series(0, ${count - 1}) as n
    on conflict do nothing
    returning uid`)) as unknown as { rows: Array<{ uid: string }> };
  return { created: rows.length, first: `${prefix}-0`, last: `${prefix}-${count - 1}` };
}
