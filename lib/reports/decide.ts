import type { ActionContext } from "@/lib/actions/define-action";
import { actorOf } from "@/lib/audit/actor";
import { chatApi } from "@/lib/chat-api";
import { lateEffectWindowMs } from "@/lib/chat-api/retry";
import { getDb, type Database } from "@/lib/db/client";
import type { ReportDecision } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { RefusedError } from "@/lib/errors";
import { formatCount } from "@/lib/format/numbers";
import { awaitBudgetPlace } from "./budget";
import { runPool } from "./pool";
import type { CallOutcome } from "./call-outcome";
import { endReport, refusalOf, reportsCount, reserveReports, targetReports, type ReportRow } from "./decision-store";
import { reviewReport } from "./review-calls";
import type { DecisionTarget } from "./schemas";
import { senderCalls, type SenderOptions } from "./sender-calls";
import { decidingJobs, startDecisionJob, type DecisionJobStarted } from "./decision-job";
import { planDecision, type DecisionPlan } from "./decision-plan";

type ReportOutcome = {
  messageId: string;
  senderUid: string;
  outcome: "done" | "failed" | "gone" | "unknown" | "refused";
  message: string;
  calls: CallOutcome[];
};

export type DecisionResult = {
  decision: ReportDecision;
  reports: ReportOutcome[];
  senderCalls: CallOutcome[];
  /** ISO time: when reports whose outcome is unknown are settled from the service's list. */
  settlesAt?: string;
  /** A large decision: the job that makes it; `reports` then names only those it could not take. */
  job?: DecisionJobStarted;
};

type DecisionRequest = {
  target: DecisionTarget;
  decision: ReportDecision;
  reason: string;
  options?: SenderOptions;
  /** What the moderator confirmed: a decision made at once, or one run as an incident job. */
  runAs: "now" | "job";
};

/** Reports decided at once; a larger decision's calls take their places in the rate budget. */
const AT_ONCE = 1;
const CONCURRENCY = 4;

/**
 * Refuses, before anything is reserved, a decision whose size is not the one the moderator confirmed:
 * one that has grown into a job (or shrunk out of one) since the preview is shown to them again.
 */
function checkRunAs(plan: DecisionPlan, runAs: "now" | "job") {
  if (plan.runsAsJob && runAs === "now")
    throw new RefusedError(
      `This decision is large (${reportsCount(plan.reports)}, ${formatCount(plan.calls)} calls): it runs as an incident job${plan.needsApproval ? ` and needs a second operator's approval, past ${formatCount(plan.approvalThreshold)} UIDs acted on` : ""}. Nothing was sent: review it again and confirm the job.`,
    );
  if (!plan.runsAsJob && runAs === "job")
    throw new RefusedError(
      `This decision is no longer large (${reportsCount(plan.reports)}): it is made at once. Nothing was sent: review it again.`,
    );
}

async function decideEach(db: Database, reserved: ReportRow[], request: DecisionRequest, operationId: string) {
  const settleAfter = new Date(Date.now() + lateEffectWindowMs(getEnv().chatApiTimeoutMs));
  const paced = reserved.length > AT_ONCE;
  const outcomes: ReportOutcome[] = [];
  await runPool(reserved, CONCURRENCY, async (report) => {
    if (paced) await awaitBudgetPlace(db, () => false);
    const review = await reviewReport(chatApi(), report.messageId, request.decision);
    await endReport(
      db,
      report.messageId,
      operationId,
      review.end === "unknown" ? { kind: "unknown", settleAfter } : { kind: review.end },
    );
    outcomes.push({
      messageId: report.messageId,
      senderUid: report.senderUid,
      outcome: review.end,
      message: review.message,
      calls: review.calls,
    });
  });
  return { outcomes, settleAfter };
}

/**
 * A decision on one report or many, at the service first and then in the index: the reports are
 * reserved for this operator in one UPDATE (a report someone else holds or decided is refused, saying
 * who decided what), each is kept or removed, and a removal's sender calls follow for the reports it
 * removed. Every report's outcome is given; a report whose answer never came is "unknown" until the
 * index settles it.
 */
export async function decideReports(request: DecisionRequest, context: ActionContext): Promise<DecisionResult> {
  const db = await getDb();
  const rows = await targetReports(db, request.target);
  if (request.target.kind === "sender" && rows.length === 0)
    throw new RefusedError(`${request.target.senderUid} has no open reports to decide on.`);
  const plan = planDecision(rows, request.decision, request.options, getEnv().approval.thresholdUids);
  checkRunAs(plan, request.runAs);
  const asked = request.target.kind === "reports" ? request.target.messageIds : rows.map((row) => row.messageId);
  const reserved = await reserveReports(db, asked, {
    operatorId: context.operator.id,
    name: context.operator.name,
    operationId: context.operationId,
    decision: request.decision,
    reason: request.reason,
  });
  const reservedIds = new Set(reserved.map((row) => row.messageId));
  const jobs = await decidingJobs(
    db,
    rows.flatMap((row) => (row.status === "deciding" && row.decisionOperationId ? [row.decisionOperationId] : [])),
  );
  const jobOf = (row: ReportRow | undefined) =>
    row?.decisionOperationId ? jobs.get(row.decisionOperationId) : undefined;
  const byId = new Map(rows.map((row) => [row.messageId, row]));
  const refused: ReportOutcome[] = asked
    .filter((id) => !reservedIds.has(id))
    .map((id) => ({
      messageId: id,
      senderUid: byId.get(id)?.senderUid ?? "",
      outcome: "refused",
      message: refusalOf(byId.get(id), context.operator.id, jobOf(byId.get(id))),
      calls: [],
    }));
  if (reserved.length === 0)
    throw new RefusedError(
      asked.length === 1
        ? refusalOf(byId.get(asked[0]!), context.operator.id, jobOf(byId.get(asked[0]!)))
        : `None of the ${reportsCount(asked.length)} could be decided. ${refused[0]?.message ?? ""}`.trim(),
    );

  if (plan.runsAsJob)
    return {
      decision: request.decision,
      reports: refused,
      senderCalls: [],
      job: await startDecisionJob(db, reserved, request, context),
    };

  const { outcomes, settleAfter } = await decideEach(db, reserved, request, context.operationId);
  const removed = reserved.filter(
    (row) => outcomes.find((outcome) => outcome.messageId === row.messageId)?.outcome === "done",
  );
  const calls =
    request.decision === "remove" && request.options && removed.length > 0
      ? await senderCalls(
          {
            operationId: context.operationId,
            actor: actorOf(context.operator),
            reason: request.reason,
            requestId: context.requestId,
            ip: context.ip,
            userAgent: context.userAgent,
          },
          removed,
          request.options,
        )
      : [];
  const order = new Map(asked.map((id, index) => [id, index]));
  const all = [...outcomes, ...refused].sort((a, b) => order.get(a.messageId)! - order.get(b.messageId)!);
  return {
    decision: request.decision,
    reports: all,
    senderCalls: calls,
    ...(outcomes.some((outcome) => outcome.outcome === "unknown") ? { settlesAt: settleAfter.toISOString() } : {}),
  };
}
