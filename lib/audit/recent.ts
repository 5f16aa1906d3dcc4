import "server-only";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { listAuditEvents, type AuditScope } from "./query";
import { withOperationStates } from "./rows";

const RECENT = 10;

/**
 * The latest operations that affected one UID (as the blocker, a blocked UID, the owner acted for,
 * the other party), that `scope` may read, with how each ended: one walk of the UID index.
 */
export async function recentActionsOn(uid: string, scope: AuditScope) {
  const db = await getDb();
  const { entries } = await listAuditEvents(db, { uid }, scope, { limit: RECENT });
  return withOperationStates(db, entries, getEnv().chatApiTimeoutMs);
}
