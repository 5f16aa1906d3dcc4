import { chatErrors } from "./errors";
import { nowSeconds } from "./lookups";
import { listMeta, offsetOf, type PageRequest } from "./pagination";
import { userEntity, type UserRow } from "./records";
import { chatStore } from "./service";
import { serviceState } from "./settings";
import { statements } from "./statements";

type BlockOutcome = { success: boolean; message: string };

const blockMessages = {
  blocked: (by: string, uid: string) => `The user with UID ${by} has blocked user with UID ${uid} successfully.`,
  alreadyBlocked: (by: string, uid: string) => `The user with UID ${by} has already blocked user with UID ${uid}.`,
  unblocked: (by: string, uid: string) => `The user with UID ${by} has unblocked user with UID ${uid} successfully.`,
  notBlocked: (by: string, uid: string) => `The user with UID ${by} has not blocked user with UID ${uid}.`,
  self: (by: string, verb: "block" | "unblock") => `The user with UID ${by} cannot ${verb} themselves.`,
  unknown: (uid: string) => `The UID ${uid} does not exist, please make sure you have created a user with UID ${uid}.`,
};

type BlockRow = { blockerFound: boolean; known: string[]; changed: string[] };

/** Blocks or unblocks in one statement: the blocker, the UIDs that exist, what changed (and the journal). */
async function blockCall(method: "POST" | "DELETE", blocker: string, uids: string[]) {
  const requested = [...new Set(uids)];
  const others = requested.filter((uid) => uid !== blocker);
  const journal = serviceState().settings.journal;
  const params: unknown[] = [blocker, others, JSON.stringify(uids), journal];
  const [row] =
    method === "POST"
      ? await chatStore().run<BlockRow>(statements.block, [...params, nowSeconds()])
      : await chatStore().run<BlockRow>(statements.unblock, params);
  if (!row?.blockerFound) throw chatErrors.uidNotFound(blocker);
  return { requested, existing: new Set(row.known), changed: new Set(row.changed) };
}

export async function blockUsers(blocker: string, uids: string[]): Promise<Record<string, BlockOutcome>> {
  const { requested, existing, changed } = await blockCall("POST", blocker, uids);
  const result: Record<string, BlockOutcome> = {};
  for (const uid of requested) {
    if (uid === blocker) result[uid] = { success: false, message: blockMessages.self(blocker, "block") };
    else if (!existing.has(uid)) result[uid] = { success: false, message: blockMessages.unknown(uid) };
    else if (changed.has(uid)) result[uid] = { success: true, message: blockMessages.blocked(blocker, uid) };
    else result[uid] = { success: true, message: blockMessages.alreadyBlocked(blocker, uid) };
  }
  return result;
}

export async function unblockUsers(blocker: string, uids: string[]): Promise<Record<string, BlockOutcome>> {
  const { requested, existing, changed } = await blockCall("DELETE", blocker, uids);
  const result: Record<string, BlockOutcome> = {};
  for (const uid of requested) {
    if (uid === blocker) result[uid] = { success: false, message: blockMessages.self(blocker, "unblock") };
    else if (!existing.has(uid)) result[uid] = { success: false, message: blockMessages.unknown(uid) };
    else if (changed.has(uid)) result[uid] = { success: true, message: blockMessages.unblocked(blocker, uid) };
    else result[uid] = { success: false, message: blockMessages.notBlocked(blocker, uid) };
  }
  return result;
}

type BlockedUsersRow = {
  blockerFound: boolean;
  total: number;
  blocked: Array<{ user: UserRow; blockedAt: number; hasBlockedMe: boolean }>;
};

export async function listBlockedUsers(blocker: string, request: PageRequest) {
  const [row] = await chatStore().run<BlockedUsersRow>(statements.blockedUsers, [
    blocker,
    request.perPage,
    offsetOf(request),
  ]);
  if (!row?.blockerFound) throw chatErrors.uidNotFound(blocker);
  return {
    data: row.blocked.map(({ user, blockedAt, hasBlockedMe }) => ({
      ...userEntity(user, blocker),
      blockedByMe: true,
      hasBlockedMe,
      blockedByMeAt: blockedAt,
      blockedAt,
    })),
    meta: listMeta(
      request,
      row.total,
      row.blocked.length,
      row.blocked.map((entry) => entry.blockedAt),
    ),
  };
}
