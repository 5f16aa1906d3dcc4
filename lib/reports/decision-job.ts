import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import type { ActionContext } from "@/lib/actions/define-action";
import type { Database } from "@/lib/db/client";
import { blockJobs, reports, type ReportDecision } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { approvalOf, newJobOf, started } from "@/lib/incidents/job-start";
import { createJob, type BlockJob } from "@/lib/incidents/jobs";
import { REOPENED, type ReportRow } from "./decision-store";
import { planDecision } from "./decision-plan";
import type { SenderOptions } from "./sender-calls";

/**
 * A large decision as an incident job of kind `report_decision`: its reports are held for it (shown
 * as "Being decided by job …", refused to anyone else) from the moment it is requested; it waits for
 * a second operator past APPROVAL_THRESHOLD_UIDS, then runs paced by the rate budget. A request that
 * ends without approval, or a cancellation, gives back the reports it did not send (jobs.ts).
 */

export type DecisionJobStarted = {
  jobId: string;
  status: BlockJob["status"];
  /** Calls the job makes, one an item. */
  calls: number;
  reports: number;
  uidActs: number;
  needsApproval: boolean;
  expiresAt: Date | null;
};

export async function startDecisionJob(
  db: Database,
  reserved: ReportRow[],
  request: { decision: ReportDecision; reason: string; options?: SenderOptions },
  context: ActionContext,
): Promise<DecisionJobStarted> {
  // Reserved for this decision now ("deciding"): the plan is of exactly these, as the open reports they were.
  const held = reserved.map((row) => ({ ...row, status: "open" as const }));
  const plan = planDecision(held, request.decision, request.options, getEnv().approval.thresholdUids);
  let job: BlockJob;
  try {
    job = await createJob(db, {
      kind: "report_decision",
      purpose: "incident",
      blockerUid: null,
      reason: request.reason,
      uids: plan.items,
      preBlocked: [],
      ...newJobOf(context, "report_decision"),
      approval: plan.needsApproval
        ? approvalOf("request", { invalid: 0, duplicates: 0, selfExcluded: false })
        : undefined,
    });
  } catch (error) {
    // No job holds them: the reports go back to the queue.
    await db
      .update(reports)
      .set(REOPENED)
      .where(and(eq(reports.decisionOperationId, context.operationId), eq(reports.status, "deciding")));
    throw error;
  }
  if (job.status === "running") started(job);
  else revalidatePath("/incidents");
  revalidatePath("/reports");
  return {
    jobId: job.id,
    status: job.status,
    calls: plan.calls,
    reports: plan.reports,
    uidActs: plan.uidActs,
    needsApproval: plan.needsApproval,
    expiresAt: job.approvalExpiresAt,
  };
}

/** The jobs deciding these reports now, by the operation that reserved them: "Being decided by job …". */
export async function decidingJobs(db: Database, operationIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(operationIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: blockJobs.id, operationId: blockJobs.operationId })
    .from(blockJobs)
    .where(and(eq(blockJobs.kind, "report_decision"), inArray(blockJobs.operationId, ids)));
  return new Map(rows.map((row) => [row.operationId, row.id]));
}
