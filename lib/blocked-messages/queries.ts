import { and, count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { blockedMessages, type BlockedMessageStatus } from "@/lib/db/schema";

/** The "Blocked messages" page's reads of the index, filtered and paged in SQL. */

export const BLOCKED_PAGE_SIZE = 50;

export type BlockedFilters = {
  /** "pending" (the default: waiting for a decision) or every status. */
  status: "pending" | "all";
  ruleId?: string;
  group?: string;
  sender?: string;
  page: number;
};

function whereOf(filters: BlockedFilters): SQL | undefined {
  return and(
    ...(filters.status === "pending" ? [eq(blockedMessages.status, "pending" satisfies BlockedMessageStatus)] : []),
    ...(filters.ruleId ? [eq(blockedMessages.ruleId, filters.ruleId)] : []),
    ...(filters.group
      ? [and(eq(blockedMessages.receiverType, "group"), eq(blockedMessages.receiverId, filters.group))]
      : []),
    ...(filters.sender ? [eq(blockedMessages.senderUid, filters.sender)] : []),
  );
}

export async function blockedMessagesPage(db: Database, filters: BlockedFilters) {
  const where = whereOf(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blockedMessages)
      .where(where)
      .orderBy(desc(blockedMessages.blockedAt), desc(blockedMessages.messageId))
      .limit(BLOCKED_PAGE_SIZE)
      .offset((filters.page - 1) * BLOCKED_PAGE_SIZE),
    db.select({ total: count() }).from(blockedMessages).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Messages each rule blocked since `since`, by rule id. */
export async function blockedCountsByRule(db: Database, since: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ ruleId: blockedMessages.ruleId, blocked: count() })
    .from(blockedMessages)
    .where(gte(blockedMessages.blockedAt, since))
    .groupBy(blockedMessages.ruleId);
  return new Map(rows.map((row) => [row.ruleId, row.blocked]));
}

/** Blocked messages waiting for a decision: the navigation's badge. */
export async function pendingBlockedCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ pending: sql<number>`count(*)::int` })
    .from(blockedMessages)
    .where(eq(blockedMessages.status, "pending"));
  return row?.pending ?? 0;
}

/** The rules that blocked something, for the page's filter. */
export async function blockedRuleChoices(db: Database) {
  return db
    .selectDistinctOn([blockedMessages.ruleId], { ruleId: blockedMessages.ruleId, ruleName: blockedMessages.ruleName })
    .from(blockedMessages)
    .orderBy(blockedMessages.ruleId, desc(blockedMessages.blockedAt));
}
