import { and, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { signInAttempts } from "@/lib/db/schema";

export type SignInLimit = {
  /** Failures allowed for one email from one client address. */
  maxFailures: number;
  /** Failures allowed for one email from all addresses together: higher, so one address cannot lock it. */
  maxFailuresPerEmail: number;
  windowMinutes: number;
};

/** The first key of the sign-in limiter's advisory locks; the second is the email's hash. */
const LIMITER_LOCK_CLASS = 7_412_004;

const failuresSince = (since: Date) => and(eq(signInAttempts.succeeded, false), gt(signInAttempts.attemptedAt, since));

/**
 * Takes one of the email's attempts before its password is checked, or answers "locked". The count
 * and the new attempt are one transaction under a lock on the email, so that however many sign-ins
 * arrive together, at most the limit get a password check (on PostgreSQL with several processes
 * too). The attempt counts as failed until `markSignInSucceeded`.
 */
export async function reserveSignInAttempt(
  db: Database,
  attempt: { email: string; ip: string | null },
  limit: SignInLimit,
): Promise<{ attemptId: number } | "locked"> {
  const since = new Date(Date.now() - limit.windowMinutes * 60_000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LIMITER_LOCK_CLASS}, hashtext(${attempt.email}))`);
    const [counts] = await tx
      .select({
        fromAll: count(),
        fromHere: sql<number>`count(*) filter (where ${signInAttempts.ip} is not distinct from ${attempt.ip})`.mapWith(
          Number,
        ),
      })
      .from(signInAttempts)
      .where(and(eq(signInAttempts.email, attempt.email), failuresSince(since)));
    if ((counts?.fromHere ?? 0) >= limit.maxFailures || (counts?.fromAll ?? 0) >= limit.maxFailuresPerEmail)
      return "locked";
    const [row] = await tx
      .insert(signInAttempts)
      .values({ ...attempt, succeeded: false })
      .returning({ id: signInAttempts.id });
    return { attemptId: row!.id };
  });
}

export async function markSignInSucceeded(db: Database, attemptId: number): Promise<void> {
  await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId));
}

/** The emails among `emails` that cannot sign in now from some address, or from any. */
export async function lockedEmails(db: Database, emails: string[], limit: SignInLimit): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const since = new Date(Date.now() - limit.windowMinutes * 60_000);
  const rows = await db
    .select({ email: signInAttempts.email, ip: signInAttempts.ip, failures: count() })
    .from(signInAttempts)
    .where(and(inArray(signInAttempts.email, emails), failuresSince(since)))
    .groupBy(signInAttempts.email, signInAttempts.ip);
  const perEmail = new Map<string, number>();
  const locked = new Set<string>();
  for (const row of rows) {
    perEmail.set(row.email, (perEmail.get(row.email) ?? 0) + row.failures);
    if (row.failures >= limit.maxFailures) locked.add(row.email);
  }
  for (const [email, failures] of perEmail) if (failures >= limit.maxFailuresPerEmail) locked.add(email);
  return locked;
}

/** An admin's "clear sign-in lock": the email's failures so far no longer count (the action log keeps them). */
export async function clearSignInFailures(db: Database, email: string): Promise<number> {
  const cleared = await db
    .delete(signInAttempts)
    .where(and(eq(signInAttempts.email, email), eq(signInAttempts.succeeded, false)))
    .returning({ id: signInAttempts.id });
  return cleared.length;
}
