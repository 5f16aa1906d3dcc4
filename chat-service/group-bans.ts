import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { ChatDatabase } from "./db/client";
import { chatGroupBans, chatGroupMembers, chatUsers } from "./db/schema";
import { ChatServiceError, chatErrors } from "./errors";
import { membershipOf, requireClearance, requireGroup } from "./groups";
import { recordCall } from "./journal";
import { nowSeconds, requireUser } from "./lookups";
import { APP_SYSTEM } from "./message-access";
import { listMeta, offsetOf, type PageRequest } from "./pagination";
import { userRecord } from "./records";
import { chatStore } from "./service";

/** Banning from a group: the banned user is no longer a member and cannot be added back until unbanned. */

async function banOf(db: ChatDatabase, guid: string, uid: string) {
  const [ban] = await db
    .select()
    .from(chatGroupBans)
    .where(and(eq(chatGroupBans.guid, guid), eq(chatGroupBans.uid, uid)));
  return ban;
}

export async function banMember(guid: string, uid: string, onBehalfOf: string | undefined) {
  return chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    const group = await requireGroup(db, guid);
    await requireUser(db, uid);
    if (await banOf(db, guid, uid)) throw chatErrors.alreadyBanned(uid, guid);
    await requireClearance(db, group, uid, onBehalfOf);
    const member = await membershipOf(db, guid, uid);
    await db.delete(chatGroupMembers).where(and(eq(chatGroupMembers.guid, guid), eq(chatGroupMembers.uid, uid)));
    await db.insert(chatGroupBans).values({
      guid,
      uid,
      scope: member?.scope ?? null,
      joinedAt: member?.joinedAt ?? null,
      bannedAt: nowSeconds(),
      bannedBy: onBehalfOf || APP_SYSTEM,
    });
    await recordCall(db, { method: "POST", path: `/groups/${guid}/bannedusers/${uid}`, uids: [uid] });
    return { success: true, message: `The user with uid ${uid} has been banned from the Group with ${guid}.` };
  });
}

/** Unbanning lifts the ban only: the user is not made a member again. */
export async function unbanMember(guid: string, uid: string, onBehalfOf: string | undefined) {
  return chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    const group = await requireGroup(db, guid);
    await requireUser(db, uid);
    if (!(await banOf(db, guid, uid))) throw chatErrors.notBanned(uid, guid);
    await requireClearance(db, group, uid, onBehalfOf);
    await db.delete(chatGroupBans).where(and(eq(chatGroupBans.guid, guid), eq(chatGroupBans.uid, uid)));
    await recordCall(db, { method: "DELETE", path: `/groups/${guid}/bannedusers/${uid}`, uids: [uid] });
    return { success: true, message: `The user with uid ${uid} has been unbanned from the Group with ${guid}.` };
  });
}

/** The users banned from a group, the latest ban first. */
export async function listBannedUsers(guid: string, query: PageRequest) {
  const { db } = chatStore();
  await requireGroup(db, guid);
  const where = and(eq(chatGroupBans.guid, guid), isNull(chatUsers.deactivatedAt));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(chatGroupBans)
    .innerJoin(chatUsers, eq(chatUsers.uid, chatGroupBans.uid))
    .where(where);
  const rows = await db
    .select({ user: chatUsers, ban: chatGroupBans })
    .from(chatGroupBans)
    .innerJoin(chatUsers, eq(chatUsers.uid, chatGroupBans.uid))
    .where(where)
    .orderBy(desc(chatGroupBans.bannedAt), chatGroupBans.uid)
    .limit(query.perPage)
    .offset(offsetOf(query));
  return {
    data: rows.map(({ user, ban }) => ({
      ...userRecord(user),
      scope: ban.scope ?? "participant",
      isBanned: true,
      ...(ban.joinedAt ? { joinedAt: ban.joinedAt } : {}),
      bannedAt: ban.bannedAt,
    })),
    meta: listMeta(
      query,
      total,
      rows.length,
      rows.map(({ ban }) => ban.bannedAt),
    ),
  };
}

type Outcome = { success: true } | { success: false; code: string; message: string };
const SCOPE_OF = { admins: "admin", moderators: "moderator", participants: "participant" } as const;

/**
 * The vendor's "add members", each UID with its own outcome under its scope's key: a banned user is
 * refused (ERR_BANNED_GROUPMEMBER), an unknown one ERR_UID_NOT_FOUND; a member has their scope set.
 */
export async function addMembers(guid: string, body: Record<keyof typeof SCOPE_OF, string[]>) {
  return chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    await requireGroup(db, guid);
    const now = nowSeconds();
    const answer: Record<string, Record<string, Outcome>> = {};
    const added: string[] = [];
    for (const key of Object.keys(SCOPE_OF) as Array<keyof typeof SCOPE_OF>) {
      if (body[key].length === 0) continue;
      answer[key] = {};
      for (const uid of new Set(body[key])) {
        answer[key][uid] = await addOne(db, guid, uid, SCOPE_OF[key], now);
        if (answer[key][uid].success) added.push(uid);
      }
    }
    await recordCall(db, { method: "POST", path: `/groups/${guid}/members`, uids: added });
    return answer;
  });
}

const failure = (error: ChatServiceError): Outcome => ({ success: false, code: error.code, message: error.message });

async function addOne(db: ChatDatabase, guid: string, uid: string, scope: string, now: number): Promise<Outcome> {
  try {
    await requireUser(db, uid);
  } catch (error) {
    if (error instanceof ChatServiceError) return failure(error);
    throw error;
  }
  if (await banOf(db, guid, uid)) return failure(chatErrors.bannedMember(uid, guid));
  await db
    .insert(chatGroupMembers)
    .values({ guid, uid, scope, joinedAt: now })
    .onConflictDoUpdate({ target: [chatGroupMembers.guid, chatGroupMembers.uid], set: { scope } });
  return { success: true };
}
