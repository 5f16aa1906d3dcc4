import { and, inArray, isNotNull, isNull } from "drizzle-orm";
import type { ChatDatabase } from "./db/client";
import { chatUsers } from "./db/schema";
import { recordCall } from "./journal";
import { nowSeconds } from "./lookups";
import { chatStore } from "./service";

/**
 * The vendor's deactivation: a deactivated user keeps every row (messages, memberships, blocks,
 * conversations) but is ERR_UID_NOT_FOUND to every call that names them until reactivated. The
 * answers list the requested UIDs that exist, in the order asked, as the vendor's fields name them.
 */

const inRequestOrder = (requested: string[], found: Set<string>) =>
  [...new Set(requested)].filter((uid) => found.has(uid));

export async function deactivateUsers(uids: string[]) {
  return chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    const now = nowSeconds();
    await db
      .update(chatUsers)
      .set({ deactivatedAt: now })
      .where(and(inArray(chatUsers.uid, uids), isNull(chatUsers.deactivatedAt)));
    const rows = await db
      .select({ uid: chatUsers.uid })
      .from(chatUsers)
      .where(and(inArray(chatUsers.uid, uids), isNotNull(chatUsers.deactivatedAt)));
    const deactivatedUids = inRequestOrder(uids, new Set(rows.map((row) => row.uid)));
    await recordCall(db, { method: "DELETE", path: "/users", uids: deactivatedUids });
    return { deactivatedUids };
  });
}

export async function activateUsers(uids: string[]) {
  return chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    const rows = await db
      .update(chatUsers)
      .set({ deactivatedAt: null })
      .where(inArray(chatUsers.uid, uids))
      .returning({ uid: chatUsers.uid });
    const nonDeactivatedUids = inRequestOrder(uids, new Set(rows.map((row) => row.uid)));
    await recordCall(db, { method: "PUT", path: "/users", uids: nonDeactivatedUids });
    return { nonDeactivatedUids };
  });
}
