import { AppLink } from "@/components/ui/app-link";
import { Badge } from "@/components/ui/badge";
import type { ReportDecision, ReportStatus as Status } from "@/lib/db/schema";

type Props = {
  report: {
    status: Status;
    decision: ReportDecision | null;
    decidedByName: string | null;
    claimedByName: string | null;
    /** The incident job deciding it, for a large decision. */
    decidingJobId?: string | null;
  };
};

const DONE: Record<ReportDecision, string> = { keep: "Kept", remove: "Removed" };

/** Where a report stands: waiting (and who reviews it), decided (what, by whom), unknown, or decided elsewhere. */
export function ReportStatus({ report }: Props) {
  const by = report.decidedByName ? ` by ${report.decidedByName}` : "";
  const what = report.decision ? DONE[report.decision] : "Decided";
  switch (report.status) {
    case "open":
      return report.claimedByName ? (
        <Badge tone="info">Being reviewed by {report.claimedByName}</Badge>
      ) : (
        <Badge tone="warning">Waiting</Badge>
      );
    case "deciding":
      return report.decidingJobId ? (
        <Badge tone="info">
          Being decided by{" "}
          <AppLink href={`/incidents/${report.decidingJobId}`} className="underline underline-offset-2">
            job {report.decidingJobId.slice(0, 8)}
          </AppLink>
          {by}
        </Badge>
      ) : (
        <Badge tone="info">Being decided{by}</Badge>
      );
    case "unknown":
      return <Badge tone="danger">Outcome unknown ({`${what.toLowerCase()}${by}`})</Badge>;
    case "decided":
      return <Badge tone="success">{`${what}${by}`}</Badge>;
    case "gone":
      return <Badge>Decided elsewhere</Badge>;
  }
}
