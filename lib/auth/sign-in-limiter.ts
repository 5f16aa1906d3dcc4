import { and, count, eq, gt } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { signInAttempts } from "@/lib/db/schema";

export type SignInLimit = { maxFailures: number; windowMinutes: number };

/**
 * Failed sign-ins are counted per email, whether or not an operator has it, in the database so
 * that every console process sees the same count.
 */
export async function isSignInLocked(db: Database, email: string, limit: SignInLimit): Promise<boolean> {
  const since = new Date(Date.now() - limit.windowMinutes * 60_000);
  const [{ failures } = { failures: 0 }] = await db
    .select({ failures: count() })
    .from(signInAttempts)
    .where(
      and(eq(signInAttempts.email, email), eq(signInAttempts.succeeded, false), gt(signInAttempts.attemptedAt, since)),
    );
  return failures >= limit.maxFailures;
}

export async function recordSignInAttempt(
  db: Database,
  attempt: { email: string; succeeded: boolean; ip: string | null },
) {
  await db.insert(signInAttempts).values(attempt);
}
