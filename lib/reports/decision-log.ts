import type { AuditCompletion } from "@/lib/audit/operation";
import { getDb } from "@/lib/db/client";
import type { ReportDecision } from "@/lib/db/schema";
import type { DecisionResult } from "./decide";
import { targetReports } from "./decision-store";
import type { DecisionTarget } from "./schemas";
import type { SenderOptions } from "./sender-calls";

/** How the action log records a decision: what it was asked to decide, and what came of each report. */

/** A text snapshot long enough to judge by, short enough for a log entry. */
const SNAPSHOT_CHARS = 2000;

/**
 * The request: every report the decision names, each with the message's id, its text as it was
 * judged, its sender, where it was sent and its reporters; every UID among them affected, so that
 * "who removed messages of X" is one UID filter.
 */
export async function decisionRequest(input: {
  target: DecisionTarget;
  decision: ReportDecision;
  reason: string;
  options?: SenderOptions;
  runAs: "now" | "job";
}) {
  const rows = await targetReports(await getDb(), input.target);
  const uids = new Set<string>();
  for (const row of rows) {
    uids.add(row.senderUid);
    if (row.receiverType === "user") uids.add(row.receiverId);
    for (const reporter of row.reporters) uids.add(reporter.uid);
  }
  const senders = [...new Set(rows.map((row) => row.senderUid))];
  return {
    affectedUids: [...uids],
    targetUid: senders.length === 1 ? senders[0] : undefined,
    reason: input.reason,
    requestBody: {
      target: input.target,
      ...(input.options ?? {}),
      ...(input.runAs === "job" ? { runAs: "incident job" } : {}),
      reports: rows.map((row) => ({
        messageId: row.messageId,
        sender: row.senderUid,
        text: row.text.slice(0, SNAPSHOT_CHARS),
        ...(row.text.length > SNAPSHOT_CHARS ? { textLength: row.text.length } : {}),
        sentTo: { type: row.receiverType, id: row.receiverId },
        reporters: row.reporters.map(({ uid, reasonId, remark }) => ({ uid, reasonId, remark })),
      })),
    },
  };
}

/**
 * The completion: succeeded when every report was decided and every sender call went through;
 * unknown when what is missing is only answers that never came; failed when nothing was decided;
 * else partial. Each report's outcome and each call's are in the summary.
 */
export function decisionCompletion(result: DecisionResult): AuditCompletion {
  if (result.job)
    return {
      outcome: "succeeded",
      summary: { job: result.job, refused: result.reports.length, reports: result.reports },
    };
  const outcomes = result.reports.map((report) => report.outcome);
  const calls = result.senderCalls.map((call) => call.outcome);
  const count = (kind: string) => outcomes.filter((outcome) => outcome === kind).length;
  const done = count("done");
  const unknown = count("unknown") + calls.filter((call) => call === "unknown").length;
  const troubles =
    outcomes.length - done - count("unknown") + calls.filter((call) => call === "failed" || call === "partial").length;
  const outcome =
    troubles === 0 && unknown === 0
      ? "succeeded"
      : troubles === 0
        ? "unknown"
        : done === 0 && count("unknown") === 0
          ? "failed"
          : "partial";
  return {
    outcome,
    ...(unknown > 0 ? { errorCode: "ANSWER_LOST" as const } : {}),
    summary: {
      counts: {
        done,
        failed: count("failed"),
        gone: count("gone"),
        unknown: count("unknown"),
        refused: count("refused"),
      },
      reports: result.reports,
      senderCalls: result.senderCalls,
      ...(result.settlesAt ? { settlesAt: result.settlesAt } : {}),
    },
  };
}
