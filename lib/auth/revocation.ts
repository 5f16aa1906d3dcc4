import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { revokedSessions } from "@/lib/db/schema";

/** Whether the session was signed out of: its cookie, even if kept, is refused. */
export async function isSessionRevoked(db: Database, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ sessionId: revokedSessions.sessionId })
    .from(revokedSessions)
    .where(and(eq(revokedSessions.sessionId, sessionId), gt(revokedSessions.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

/** Ends a session for good, remembered until `keptUntil` (see `revocationKeptUntil`). */
export async function revokeSession(db: Database, sessionId: string, keptUntil: Date): Promise<void> {
  await db
    .insert(revokedSessions)
    .values({ sessionId, expiresAt: keptUntil })
    .onConflictDoUpdate({ target: revokedSessions.sessionId, set: { expiresAt: keptUntil } });
  // Entries past the end of any cookie they revoke say nothing any more.
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, new Date()));
}
