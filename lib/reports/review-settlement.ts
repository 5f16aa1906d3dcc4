import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { reports } from "@/lib/db/schema";
import { DECISION_WORDS, REOPENED } from "./decision-store";
import { indexState } from "./index-store";

/**
 * How the one settlement (lib/settlements) reads a review whose answer never came: from the index of
 * the flagged list, once a read has started since the review could no longer take effect. A report
 * the list still shows was not reviewed; one that two reads in a row no longer showed was. Until
 * then, nothing is known yet.
 */
export async function readReview(
  db: Database,
  messageId: string,
  settleAfter: Date,
): Promise<{ reviewed: boolean; message: string } | undefined> {
  const [report] = await db.select().from(reports).where(eq(reports.messageId, messageId));
  if (!report) return { reviewed: false, message: "The console no longer has the report." };
  // Only a settlement ends an unknown report; should it have ended already, this one tells that.
  if (report.status !== "unknown")
    return { reviewed: report.status === "decided", message: `The report was already settled: ${report.status}.` };
  const lastRead = (await indexState(db))?.lastPassStartedAt;
  if (!lastRead || lastRead <= settleAfter) return undefined;
  const reviewed = report.lastSeenAt < settleAfter && report.missedPasses >= 2;
  const stillListed = report.lastSeenAt >= settleAfter;
  if (!reviewed && !stillListed) return undefined;
  const what = report.decision ? DECISION_WORDS[report.decision] : "decided";
  return {
    reviewed,
    message: reviewed
      ? `The chat service no longer lists the message for review: ${report.decidedByName ?? "the moderator"} ${what}.`
      : "The chat service still lists the message for review: the decision did not take effect, and the report is open again.",
  };
}

/** The report's end once its review is settled: decided, or open again; only while it is still unknown. */
export async function endSettledReview(db: Database, messageId: string, reviewed: boolean): Promise<void> {
  await db
    .update(reports)
    .set(reviewed ? { status: "decided" } : REOPENED)
    .where(and(eq(reports.messageId, messageId), eq(reports.status, "unknown")));
}
