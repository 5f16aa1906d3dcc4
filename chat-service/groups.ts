import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { qualified } from "@/lib/db/qualified";
import type { ChatDatabase } from "./db/client";
import { chatGroupMembers, chatGroups, chatUsers } from "./db/schema";
import { chatErrors } from "./errors";
import { membersCount } from "./members-count";
import { recordCall } from "./journal";
import { literalForLike, requireUser } from "./lookups";
import { APP_SYSTEM } from "./message-access";
import { listMeta, offsetOf, type PageRequest } from "./pagination";
import { groupEntity, userRecord, type GroupWithCount } from "./records";
import { chatStore } from "./service";

/** Groups and their members: the vendor's group records, member lists, and kicking a member. */

type Membership = { scope: string; joinedAt: number } | null | undefined;

/** A group record; with `onBehalfOf`, whether they joined and, if so, their scope and joining time. */
function groupRecord(group: GroupWithCount, viewer: string | undefined, membership: Membership) {
  return {
    ...groupEntity(group),
    ...(viewer ? { hasJoined: Boolean(membership) } : {}),
    ...(membership ? { scope: membership.scope, joinedAt: membership.joinedAt } : {}),
  };
}

export async function requireGroup(db: ChatDatabase, guid: string): Promise<GroupWithCount> {
  const [group] = await db
    .select({ group: chatGroups, membersCount })
    .from(chatGroups)
    .where(eq(chatGroups.guid, guid));
  if (!group) throw chatErrors.guidNotFound(guid);
  return { ...group.group, membersCount: group.membersCount };
}

export async function membershipOf(db: ChatDatabase, guid: string, uid: string) {
  const [member] = await db
    .select()
    .from(chatGroupMembers)
    .where(and(eq(chatGroupMembers.guid, guid), eq(chatGroupMembers.uid, uid)));
  return member;
}

export async function getGroup(guid: string, onBehalfOf: string | undefined) {
  const { db } = chatStore();
  if (onBehalfOf) await requireUser(db, onBehalfOf);
  const group = await requireGroup(db, guid);
  return groupRecord(group, onBehalfOf, onBehalfOf ? await membershipOf(db, guid, onBehalfOf) : undefined);
}

type GroupListQuery = PageRequest & { searchKey?: string; type?: string; types?: string[]; hasJoined?: boolean };

/** The vendor's "list groups": by name, then GUID; `searchKey` matches the start of the GUID or any part of the name. */
export async function listGroups(query: GroupListQuery, onBehalfOf: string | undefined) {
  const { db } = chatStore();
  if (onBehalfOf) await requireUser(db, onBehalfOf);
  const key = query.searchKey ? literalForLike(query.searchKey.toLowerCase()) : undefined;
  const types = [...(query.type ? [query.type] : []), ...(query.types ?? [])];
  const joined = onBehalfOf && query.hasJoined;
  const where = and(
    key ? or(sql`${chatGroups.guid} like ${`${key}%`}`, sql`lower(${chatGroups.name}) like ${`%${key}%`}`) : undefined,
    types.length > 0 ? inArray(chatGroups.type, types) : undefined,
    joined
      ? sql`exists (select 1 from ${chatGroupMembers} m where m.guid = ${qualified(chatGroups.guid)} and m.uid = ${onBehalfOf})`
      : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(chatGroups).where(where);
  const rows = await db
    .select({ group: chatGroups, membersCount, membership: chatGroupMembers })
    .from(chatGroups)
    .leftJoin(
      chatGroupMembers,
      and(eq(chatGroupMembers.guid, chatGroups.guid), eq(chatGroupMembers.uid, onBehalfOf ?? "")),
    )
    .where(where)
    .orderBy(sql`lower(${chatGroups.name})`, asc(chatGroups.guid))
    .limit(query.perPage)
    .offset(offsetOf(query));
  return {
    data: rows.map((row) => groupRecord({ ...row.group, membersCount: row.membersCount }, onBehalfOf, row.membership)),
    meta: listMeta(
      query,
      total,
      rows.length,
      rows.map((row) => row.group.updatedAt),
    ),
  };
}

type MemberListQuery = PageRequest & { scopes?: string[]; status?: string };

/** The members of a group (deactivated users left out), in the order they joined. */
export async function listMembers(guid: string, query: MemberListQuery) {
  const { db } = chatStore();
  await requireGroup(db, guid);
  const where: SQL | undefined = and(
    eq(chatGroupMembers.guid, guid),
    isNull(chatUsers.deactivatedAt),
    query.scopes?.length ? inArray(chatGroupMembers.scope, query.scopes) : undefined,
    query.status ? eq(chatUsers.status, query.status) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(chatGroupMembers)
    .innerJoin(chatUsers, eq(chatUsers.uid, chatGroupMembers.uid))
    .where(where);
  const rows = await db
    .select({ user: chatUsers, member: chatGroupMembers })
    .from(chatGroupMembers)
    .innerJoin(chatUsers, eq(chatUsers.uid, chatGroupMembers.uid))
    .where(where)
    .orderBy(asc(chatGroupMembers.joinedAt), asc(chatGroupMembers.uid))
    .limit(query.perPage)
    .offset(offsetOf(query));
  return {
    data: rows.map(({ user, member }) => ({ ...userRecord(user), scope: member.scope, joinedAt: member.joinedAt })),
    meta: listMeta(
      query,
      total,
      rows.length,
      rows.map(({ user }) => user.updatedAt ?? user.createdAt),
    ),
  };
}

const RANK: Readonly<Record<string, number>> = { participant: 0, moderator: 1, admin: 2 };

/**
 * With `onBehalfOf`, the group's rules for acting on another member: the actor is an admin or a
 * moderator, not acting on themselves, and outranks the target (the owner can be acted on by nobody).
 * With the API key alone, anyone may act but on the owner.
 */
export async function requireClearance(
  db: ChatDatabase,
  group: GroupWithCount,
  target: string,
  onBehalfOf: string | undefined,
): Promise<void> {
  const targetMember = await membershipOf(db, group.guid, target);
  if (!onBehalfOf) {
    if (target === group.owner) throw chatErrors.noClearance(APP_SYSTEM, group.guid);
    return;
  }
  await requireUser(db, onBehalfOf);
  if (onBehalfOf === target) throw chatErrors.noSelfAction(onBehalfOf, group.guid);
  const actor = await membershipOf(db, group.guid, onBehalfOf);
  const actorRank = actor ? (RANK[actor.scope] ?? 0) : -1;
  const targetRank = targetMember ? (RANK[targetMember.scope] ?? 0) : -1;
  if (actorRank < RANK.moderator! || targetRank >= actorRank || target === group.owner)
    throw chatErrors.noClearance(onBehalfOf, group.guid);
}

/** The vendor's "kick": the member leaves the group, and may join again (unlike a ban). */
export async function kickMember(guid: string, uid: string, onBehalfOf: string | undefined) {
  return chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    const group = await requireGroup(db, guid);
    await requireUser(db, uid);
    if (!(await membershipOf(db, guid, uid))) throw chatErrors.notAMember(uid, guid);
    await requireClearance(db, group, uid, onBehalfOf);
    await db.delete(chatGroupMembers).where(and(eq(chatGroupMembers.guid, guid), eq(chatGroupMembers.uid, uid)));
    await recordCall(db, { method: "DELETE", path: `/groups/${guid}/members/${uid}`, uids: [uid] });
    return { success: true, message: `The member with ${uid} has been kicked from the Group with ${guid}.` };
  });
}
