import type { ReportDecision } from "@/lib/db/schema";
import { needsApproval } from "@/lib/approvals/threshold";
import type { ReportRow } from "./decision-store";
import { itemOf } from "./decision-items";
import { bansFor, blocksFor, type SenderOptions } from "./sender-calls";

/**
 * How large a decision is, and so whether it is made at once or runs as an incident job. A decision
 * acts on UIDs with its sender calls: a block of a sender on behalf of one reporter, a ban of a
 * sender from a group, a sender's deactivation each act on one UID. Past APPROVAL_THRESHOLD_UIDS
 * such acts the decision needs a second operator's approval, as any incident job does; past
 * REPORTS_AT_ONCE reports, or once it needs approval, it runs as an incident job ("large"), its
 * calls paced by the rate budget and its progress on the job's page.
 */

/** The most reports a decision makes at once, in the moderator's request; more run as a job. */
export const REPORTS_AT_ONCE = 50;

export type DecisionPlan = {
  /** Open reports the decision covers (those already decided or held by others are refused apart). */
  reports: number;
  /** Acts on UIDs its sender calls make: blocks for reporters, bans, deactivations. */
  uidActs: number;
  /** Calls to the chat service: a keep one a report, a removal two, and one an act on a UID. */
  calls: number;
  /** Distinct UIDs the decision touches: senders and reporters. */
  uids: number;
  runsAsJob: boolean;
  needsApproval: boolean;
  approvalThreshold: number;
  /** The job's items, in order: the reports first, the sender calls after. */
  items: string[];
};

/**
 * The plan of a decision on these reports (the open ones among them), before anything is sent. The
 * sender calls are planned for every report, since a job cannot know which removals will succeed;
 * one whose sender had no message removed is recorded as not sent.
 */
export function planDecision(
  rows: ReportRow[],
  decision: ReportDecision,
  options: SenderOptions | undefined,
  thresholdUids: number,
): DecisionPlan {
  const open = rows.filter((row) => row.status === "open");
  const items = open.map((row) =>
    itemOf({ kind: "report", decision, messageId: row.messageId, sender: row.senderUid }),
  );
  const acts: string[] = [];
  if (decision === "remove" && options) {
    if (options.blockForReporters)
      for (const [reporter, senders] of blocksFor(open))
        for (const sender of senders) acts.push(itemOf({ kind: "block", reporter, sender }));
    if (options.banFromGroup)
      for (const { guid, uid } of bansFor(open)) acts.push(itemOf({ kind: "ban", guid, sender: uid }));
    if (options.deactivateSender)
      for (const sender of [...new Set(open.map((row) => row.senderUid))].sort())
        acts.push(itemOf({ kind: "deactivate", sender }));
  }
  const uids = new Set<string>();
  for (const row of open) {
    uids.add(row.senderUid);
    for (const reporter of row.reporters) uids.add(reporter.uid);
  }
  const approval = needsApproval(acts.length, thresholdUids);
  return {
    reports: open.length,
    uidActs: acts.length,
    calls: open.length * (decision === "remove" ? 2 : 1) + acts.length,
    uids: uids.size,
    runsAsJob: approval || open.length > REPORTS_AT_ONCE,
    needsApproval: approval,
    approvalThreshold: thresholdUids,
    items: [...items, ...acts],
  };
}
