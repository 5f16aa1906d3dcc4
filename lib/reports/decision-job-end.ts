import { randomUUID } from "node:crypto";
import { jobCreator } from "@/lib/audit/actor";
import { appendAuditEvent } from "@/lib/audit/append";
import type { AuditCompletion } from "@/lib/audit/operation";
import type { Database } from "@/lib/db/client";
import { jobResults, type BlockJob } from "@/lib/incidents/jobs";
import type { CallOutcome } from "./call-outcome";
import type { DecisionResult } from "./decide";
import { parseItem } from "./decision-items";
import { decisionCompletion } from "./decision-log";

/**
 * The end of a report decision job, as the log records a decision made at once: each report's
 * outcome and each sender call's, rolled up the same way (decisionCompletion), with every UID of the
 * job indexed. The entry is folded under the decision's own (`report.keep` or `report.remove`), as
 * every call the job made is.
 */

const REPORT_OUTCOMES: Record<string, DecisionResult["reports"][number]["outcome"]> = {
  done: "done",
  gone: "gone",
  unknown: "unknown",
};
const CALL_OUTCOMES: Record<string, CallOutcome["outcome"]> = {
  blocked: "succeeded",
  already_blocked: "succeeded",
  banned: "succeeded",
  already_banned: "succeeded",
  deactivated: "succeeded",
  unknown: "unknown",
};

async function decisionJobEnd(db: Database, job: BlockJob) {
  const results = await jobResults(db, job.id);
  const result: DecisionResult = { decision: "keep", reports: [], senderCalls: [] };
  const uids = new Set<string>();
  for (const { uid: item, outcome, message } of results) {
    const parsed = parseItem(item);
    uids.add(parsed.sender);
    if (parsed.kind === "report") {
      result.decision = parsed.decision;
      result.reports.push({
        messageId: parsed.messageId,
        senderUid: parsed.sender,
        outcome: REPORT_OUTCOMES[outcome] ?? (outcome === "cancelled" ? "refused" : "failed"),
        message,
        calls: [],
      });
      continue;
    }
    // A sender call that was not sent (its sender had no message removed, or the job was cancelled) made no call.
    if (outcome === "skipped" || outcome === "cancelled") continue;
    if (parsed.kind === "block") uids.add(parsed.reporter);
    result.senderCalls.push({
      call: parsed.kind,
      target: parsed.kind === "block" ? parsed.reporter : parsed.kind === "ban" ? parsed.guid : parsed.sender,
      outcome: CALL_OUTCOMES[outcome] ?? "failed",
      message,
    });
  }
  const completion: AuditCompletion = decisionCompletion(result);
  return { completion, affectedUids: [...uids], decision: result.decision };
}

/**
 * A report decision's end is logged as the decision itself (`report.keep`, `report.remove`) with each
 * report's and call's outcome, folded under the operation that requested it, like its calls.
 */
export async function logDecisionEnd(db: Database, job: BlockJob): Promise<void> {
  const { completion, affectedUids, decision } = await decisionJobEnd(db, job);
  await appendAuditEvent({
    operationId: randomUUID(),
    parentOperationId: job.operationId,
    actor: jobCreator(job),
    action: decision === "keep" ? "report.keep" : "report.remove",
    outcome: completion.outcome,
    errorCode: completion.errorCode,
    affectedUids,
    reason: job.reason,
    requestBody: { jobId: job.id, kind: job.kind },
    summary: {
      jobId: job.id,
      ...(completion.summary as object),
      durationMs: job.finishedAt!.getTime() - job.createdAt.getTime(),
    },
  });
}
