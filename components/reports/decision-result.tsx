import { Alert } from "@/components/ui/alert";
import { OutcomeBadge } from "@/components/ui/outcome-badge";
import { DataTable, TableCell, TableRowHeader } from "@/components/ui/table";
import { Time } from "@/components/ui/time";
import type { DecisionResult } from "@/lib/reports/decide";

const CALL_NAMES = {
  delete: "Delete the message",
  review: "Review",
  block: "Block the sender on behalf of",
  deactivate: "Deactivate",
  ban: "Ban from group",
} as const;

/** What a decision did: each report's outcome with its calls, then the calls it made on the senders. */
export function DecisionResultView({ result }: { result: DecisionResult }) {
  const unknown =
    result.reports.some((report) => report.outcome === "unknown") ||
    result.senderCalls.some((call) => call.outcome === "unknown");
  return (
    <div className="space-y-3" aria-live="polite">
      {unknown && (
        <Alert tone="warning" title="Outcome unknown">
          Some answers of the chat service never came: those calls may have taken effect. The console settles them from
          the service{result.settlesAt ? " after " : ""}
          {result.settlesAt && <Time at={result.settlesAt} />}; until then they are not counted as done.
        </Alert>
      )}
      <DataTable caption="Outcome of each report" columns={["Message", "Outcome", "What happened"]}>
        {result.reports.map((report) => (
          <tr key={report.messageId}>
            <TableRowHeader className="font-mono text-sm">{report.messageId}</TableRowHeader>
            <TableCell>
              <OutcomeBadge outcome={report.outcome} />
            </TableCell>
            <TableCell className="text-sm">{report.message}</TableCell>
          </tr>
        ))}
      </DataTable>
      {result.senderCalls.length > 0 && (
        <DataTable caption="Calls on the senders" columns={["Call", "For", "Outcome"]}>
          {result.senderCalls.map((call, index) => (
            <tr key={index}>
              <TableRowHeader className="text-sm font-normal">{CALL_NAMES[call.call]}</TableRowHeader>
              <TableCell className="text-sm [overflow-wrap:anywhere]">{call.target}</TableCell>
              <TableCell className="text-sm">
                <OutcomeBadge outcome={call.outcome} /> {call.message}
              </TableCell>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
