import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { reports } from "@/lib/db/schema";

/**
 * Claims: a moderator who opens a report holds it for five minutes (renewed while the page stays
 * open), so that two moderators do not decide on one message at once. Others see who holds it and
 * may take it over; a decision checks the claim again in the same UPDATE that reserves the report.
 */

const CLAIM_MINUTES = 5;

type Claimant = { id: string; name: string };

export type ClaimState =
  { kind: "yours"; expiresAt: Date } | { kind: "theirs"; name: string; expiresAt: Date } | { kind: "closed" };

/** SQL: the report's claim leaves room for `operatorId` (none, run out, or theirs). */
export const claimAllows = (operatorId: string) =>
  sql`(${reports.claimedById} is null or ${reports.claimExpiresAt} < now() or ${reports.claimedById} = ${operatorId})`;

const claimUntil = sql`now() + make_interval(mins => ${CLAIM_MINUTES})`;

async function currentClaim(db: Database, messageId: string, operatorId: string): Promise<ClaimState> {
  const [row] = await db
    .select({
      status: reports.status,
      claimedById: reports.claimedById,
      claimedByName: reports.claimedByName,
      claimExpiresAt: reports.claimExpiresAt,
      live: sql<boolean>`${reports.claimExpiresAt} > now()`,
    })
    .from(reports)
    .where(eq(reports.messageId, messageId));
  if (!row || row.status !== "open") return { kind: "closed" };
  if (row.claimedById && row.live && row.claimExpiresAt)
    return row.claimedById === operatorId
      ? { kind: "yours", expiresAt: row.claimExpiresAt }
      : { kind: "theirs", name: row.claimedByName ?? "another moderator", expiresAt: row.claimExpiresAt };
  return { kind: "closed" };
}

/** Claims an open report for five minutes unless someone else holds it; tells who holds it either way. */
export async function claimReport(db: Database, messageId: string, claimant: Claimant): Promise<ClaimState> {
  const [claimed] = await db
    .update(reports)
    .set({ claimedById: claimant.id, claimedByName: claimant.name, claimExpiresAt: claimUntil })
    .where(and(eq(reports.messageId, messageId), eq(reports.status, "open"), claimAllows(claimant.id)))
    .returning({ expiresAt: reports.claimExpiresAt });
  if (claimed?.expiresAt) return { kind: "yours", expiresAt: claimed.expiresAt };
  return currentClaim(db, messageId, claimant.id);
}

/** Takes an open report over from whoever holds it; gives who held it before, if anyone. */
export async function takeOverReport(
  db: Database,
  messageId: string,
  claimant: Claimant,
): Promise<{ state: ClaimState; from: string | null }> {
  const before = await currentClaim(db, messageId, claimant.id);
  const [claimed] = await db
    .update(reports)
    .set({ claimedById: claimant.id, claimedByName: claimant.name, claimExpiresAt: claimUntil })
    .where(and(eq(reports.messageId, messageId), eq(reports.status, "open")))
    .returning({ expiresAt: reports.claimExpiresAt });
  const from = before.kind === "theirs" ? before.name : null;
  return claimed?.expiresAt
    ? { state: { kind: "yours", expiresAt: claimed.expiresAt }, from }
    : { state: { kind: "closed" }, from };
}
