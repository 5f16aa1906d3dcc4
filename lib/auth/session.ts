import { and, eq, gt, lt } from "drizzle-orm";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb, type Database } from "@/lib/db/client";
import { revokedSessions } from "@/lib/db/schema";
import { auth } from "./auth";
import { findOperatorById, toSummary, type OperatorSummary } from "./operators";
import { can, type Permission } from "./roles";

/**
 * The signed-in operator, read from the database on every request: a disabled operator, a
 * session older than a password reset, or a session signed out of, has no operator, whatever the
 * session cookie says. Memoised for the request: the layout and the page ask once between them.
 */
export const getCurrentOperator = cache(async function getCurrentOperator(): Promise<OperatorSummary | null> {
  const session = await auth();
  if (!session?.operatorId || !session.sessionId) return null;
  const db = await getDb();
  const [operator, revoked] = await Promise.all([
    findOperatorById(db, session.operatorId),
    isRevoked(db, session.sessionId),
  ]);
  if (!operator || revoked || operator.disabledAt || operator.sessionVersion !== session.sessionVersion) return null;
  return toSummary(operator);
});

/** For pages: the operator, or a redirect to sign in; without `permission`, to the console's start. */
export async function requireOperator(permission?: Permission): Promise<OperatorSummary> {
  const operator = await getCurrentOperator();
  if (!operator) redirect("/login?reason=signed-out");
  if (permission && !can(operator.role, permission)) redirect("/");
  return operator;
}

async function isRevoked(db: Database, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ sessionId: revokedSessions.sessionId })
    .from(revokedSessions)
    .where(and(eq(revokedSessions.sessionId, sessionId), gt(revokedSessions.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

/** Ends the current session for good: its cookie, even if kept, is refused from now on. */
export async function revokeCurrentSession(maxAgeSeconds: number): Promise<void> {
  const session = await auth();
  if (!session?.sessionId) return;
  const db = await getDb();
  const now = Date.now();
  await db
    .insert(revokedSessions)
    .values({ sessionId: session.sessionId, expiresAt: new Date(now + maxAgeSeconds * 1000) })
    .onConflictDoNothing();
  // Entries past any session's lifetime say nothing any more.
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, new Date(now)));
}
