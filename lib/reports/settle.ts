import { randomUUID } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { appendAuditEvent } from "@/lib/audit/append";
import { SYSTEM_ACTOR } from "@/lib/audit/actor";
import type { Database } from "@/lib/db/client";
import { reports } from "@/lib/db/schema";
import { DECISION_WORDS, REOPENED } from "./decision-store";

/**
 * Settles decisions whose answer never came, once their calls can no longer take effect
 * (`settleAfter`) and the flagged list has been read since: a report the list still shows was not
 * reviewed, and is open again; one that two reads in a row no longer showed was. Each settlement is
 * logged by the system, folded under the decision's operation.
 */
export async function settleUnknownDecisions(db: Database, lastReadStartedAt: Date): Promise<number> {
  const due = await db
    .select()
    .from(reports)
    .where(and(eq(reports.status, "unknown"), lt(reports.settleAfter, lastReadStartedAt)));
  let settled = 0;
  for (const report of due) {
    const reviewed = report.lastSeenAt < report.settleAfter! && report.missedPasses >= 2;
    const stillListed = report.lastSeenAt >= report.settleAfter!;
    if (!reviewed && !stillListed) continue;
    const [changed] = await db
      .update(reports)
      .set(reviewed ? { status: "decided" } : REOPENED)
      .where(and(eq(reports.messageId, report.messageId), eq(reports.status, "unknown")))
      .returning({ messageId: reports.messageId });
    if (!changed) continue;
    settled += 1;
    const what = report.decision ? DECISION_WORDS[report.decision] : "decided";
    await appendAuditEvent({
      operationId: randomUUID(),
      parentOperationId: report.decisionOperationId,
      actor: SYSTEM_ACTOR,
      action: "report.settle",
      outcome: reviewed ? "succeeded" : "failed",
      affectedUids: [report.senderUid],
      targetUid: report.senderUid,
      requestBody: { messageId: report.messageId, decision: report.decision },
      summary: {
        messageId: report.messageId,
        settled: reviewed ? "reviewed" : "not reviewed",
        message: reviewed
          ? `The chat service no longer lists the message for review: ${report.decidedByName ?? "the moderator"} ${what}.`
          : "The chat service still lists the message for review: the decision did not take effect, and the report is open again.",
      },
    });
  }
  return settled;
}
