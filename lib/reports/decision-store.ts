import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { blockJobs, reports, type ReportDecision } from "@/lib/db/schema";
import type { Transaction } from "@/lib/incidents/jobs";
import { parseItem } from "./decision-items";
import { formatCount } from "@/lib/format/numbers";
import { scheduleSettlement } from "@/lib/settlements/schedule";
import { claimAllows } from "./claims";
import { MAX_REPORTS_PER_DECISION } from "./reasons";
import type { DecisionTarget } from "./schemas";

/** A decision's state changes of the index: reserving the reports it covers, and what each came to. */

export type ReportRow = typeof reports.$inferSelect;
/** A decision on reports, as their rows record it while it is carried out. */
type Reservation = { operatorId: string; name: string; operationId: string; decision: ReportDecision; reason: string };

export const DECISION_WORDS: Record<ReportDecision, string> = { keep: "kept it", remove: "removed the message" };

/** The reports a decision names: the selected ones, or every open report of a sender (most reported first). */
export async function targetReports(db: Database, target: DecisionTarget): Promise<ReportRow[]> {
  if (target.kind === "reports") return db.select().from(reports).where(inArray(reports.messageId, target.messageIds));
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.senderUid, target.senderUid), eq(reports.status, "open")))
    .orderBy(desc(reports.reportCount), desc(reports.lastFlaggedAt))
    .limit(MAX_REPORTS_PER_DECISION);
}

/** Why a report cannot be decided now, in the words a moderator reads. */
export function refusalOf(row: ReportRow | undefined, operatorId: string, decidingJobId?: string): string {
  if (!row) return "This report is not in the queue.";
  if (row.status === "deciding" && decidingJobId)
    return `Being decided by job ${decidingJobId} (/incidents/${decidingJobId}), requested by ${row.decidedById === operatorId ? "you" : (row.decidedByName ?? "another moderator")}: it cannot be decided elsewhere meanwhile.`;
  if (row.status === "gone") return "Decided elsewhere: it is no longer waiting for review at the chat service.";
  if (row.status !== "open") {
    const who = row.decidedById === operatorId ? "You" : (row.decidedByName ?? "Another moderator");
    const what = row.decision ? DECISION_WORDS[row.decision] : "decided on it";
    const state =
      row.status === "deciding" ? " (still under way)" : row.status === "unknown" ? " (outcome unknown)" : "";
    return `Already decided: ${who} ${what}${state}.`;
  }
  return `Being reviewed by ${row.claimedByName ?? "another moderator"}: take it over first.`;
}

/**
 * Marks the reports as being decided by this operator in one conditional UPDATE: only open reports
 * no one else holds, so that of two decisions on one report the database lets one through and the
 * other is told who decided what.
 */
export async function reserveReports(db: Database, messageIds: string[], reservation: Reservation) {
  if (messageIds.length === 0) return [];
  return db
    .update(reports)
    .set({
      status: "deciding",
      decision: reservation.decision,
      decisionReason: reservation.reason,
      decidedById: reservation.operatorId,
      decidedByName: reservation.name,
      decidedAt: sql`now()`,
      decisionOperationId: reservation.operationId,
    })
    .where(and(inArray(reports.messageId, messageIds), eq(reports.status, "open"), claimAllows(reservation.operatorId)))
    .returning();
}

/** A report back in the queue, its decision undone: it did not take effect. */
export const REOPENED = {
  status: "open",
  decision: null,
  decisionReason: null,
  decidedById: null,
  decidedByName: null,
  decidedAt: null,
  decisionOperationId: null,
  settleAfter: null,
} as const;

export type ReportEnd =
  { kind: "done" } | { kind: "failed" } | { kind: "gone" } | { kind: "unknown"; settleAfter: Date };

/**
 * What a reserved report came to: decided (its claim let go), back in the queue after a failure
 * (still held by this operator, who may try again), gone when the service no longer listed it, or
 * unknown until the one settlement of lost answers (lib/settlements) reads the flagged list again.
 */
export async function endReport(db: Database, messageId: string, operationId: string, end: ReportEnd): Promise<void> {
  const own = and(eq(reports.messageId, messageId), eq(reports.decisionOperationId, operationId));
  const released = { claimedById: null, claimedByName: null, claimExpiresAt: null };
  if (end.kind === "done")
    await db
      .update(reports)
      .set({ status: "decided", ...released })
      .where(own);
  else if (end.kind === "gone")
    await db
      .update(reports)
      .set({ status: "gone", ...released })
      .where(own);
  else if (end.kind === "unknown") {
    const [report] = await db
      .update(reports)
      .set({ status: "unknown", settleAfter: end.settleAfter, ...released })
      .where(own)
      .returning({ senderUid: reports.senderUid, decidedById: reports.decidedById, name: reports.decidedByName });
    if (report)
      await scheduleSettlement(db, {
        kind: "review",
        operationId,
        action: "report.settle",
        target: messageId,
        items: [report.senderUid],
        actor: { id: report.decidedById, email: report.name, role: "operator" },
        settleAfter: end.settleAfter,
      });
  } else await db.update(reports).set(REOPENED).where(own);
}

/**
 * The reports of a report decision job whose items will not be sent (the job was cancelled, or its
 * request for approval rejected, withdrawn or expired): back in the queue, for anyone to decide.
 */
export async function releaseUnsentReports(tx: Transaction, jobId: string, items: string[]): Promise<void> {
  const [job] = await tx
    .select({ kind: blockJobs.kind, operationId: blockJobs.operationId })
    .from(blockJobs)
    .where(eq(blockJobs.id, jobId));
  if (job?.kind !== "report_decision") return;
  const messageIds = items.flatMap((item) => {
    const parsed = parseItem(item);
    return parsed.kind === "report" ? [parsed.messageId] : [];
  });
  for (let start = 0; start < messageIds.length; start += 500)
    await tx
      .update(reports)
      .set(REOPENED)
      .where(
        and(
          inArray(reports.messageId, messageIds.slice(start, start + 500)),
          eq(reports.decisionOperationId, job.operationId),
          eq(reports.status, "deciding"),
        ),
      );
}

/** "3 reports": for the messages of a refused decision. */
export const reportsCount = (count: number) => `${formatCount(count)} report${count === 1 ? "" : "s"}`;
