import { Alert } from "@/components/ui/alert";
import { countOf, formatCount } from "@/lib/format/numbers";

/** A decision's size, as the preview counted it (lib/reports/decision-plan.ts). */
export type DecisionSize = {
  reports: number;
  calls: number;
  uidActs: number;
  uids: number;
  runsAsJob: boolean;
  needsApproval: boolean;
  approvalThreshold: number;
  notOpen: number;
};

/**
 * What the confirmation of a large decision says before it is sent: that it runs as an incident job
 * (its calls and the UIDs they act on), whether a second operator must approve it, and that a
 * removal cannot be undone through the console.
 */
export function DecisionJobNotice({ size, decision }: { size: DecisionSize; decision: "keep" | "remove" }) {
  if (!size.runsAsJob) return null;
  return (
    <Alert tone="warning" title="This decision runs as an incident job">
      <p>
        {countOf(size.reports, "report", "reports")}, {countOf(size.calls, "call", "calls")} to the chat service
        {size.uidActs > 0 && `, of which ${formatCount(size.uidActs)} act on UIDs (blocks, bans, deactivations)`}, sent
        at the pace of the rate budget. You will be taken to the job&apos;s page, where its progress and each
        report&apos;s outcome are shown; the reports are held for the job until it ends.
      </p>
      {size.needsApproval ? (
        <p className="mt-2 font-medium">
          It acts on more than {formatCount(size.approvalThreshold)} UIDs: nothing is sent until another moderator or
          admin approves it.
        </p>
      ) : (
        <p className="mt-2">It starts at once.</p>
      )}
      {decision === "remove" && <p className="mt-2">Deleted messages cannot be restored through the console.</p>}
      {size.notOpen > 0 && (
        <p className="mt-2">
          {countOf(size.notOpen, "report is", "reports are")} already decided or being decided, and left out.
        </p>
      )}
    </Alert>
  );
}
