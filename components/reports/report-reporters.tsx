import { Badge } from "@/components/ui/badge";
import { DataTable, TableCell, TableRowHeader } from "@/components/ui/table";
import { UnixTime } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import type { Reporter } from "@/lib/db/schema";
import type { SenderStanding } from "@/lib/reports/report-detail";

/** Every reporter of the message: their reason, remark and time, and whether they block the sender already. */
export function ReportReporters({ reporters, standing }: { reporters: Reporter[]; standing: SenderStanding }) {
  const blocks = new Map(standing.blockedBy.map((entry) => [entry.uid, entry.blocked]));
  return (
    <DataTable
      caption={`Reported by ${reporters.length}`}
      columns={["Reporter", "Reason", "Remark", "Reported", "Blocks the sender"]}
    >
      {reporters.map((reporter) => {
        const blocked = blocks.get(reporter.uid);
        return (
          <tr key={reporter.uid} className="align-top">
            <TableRowHeader className="max-w-56 font-normal">
              <Uid uid={reporter.uid} name={reporter.name} oneLine />
            </TableRowHeader>
            <TableCell>
              <Badge>{reporter.reasonName || reporter.reasonId || "No reason"}</Badge>
            </TableCell>
            <TableCell className="max-w-72 text-sm break-words">
              {reporter.remark || <span className="text-slate-500">No remark</span>}
            </TableCell>
            <TableCell>
              <UnixTime seconds={reporter.flaggedAt} />
            </TableCell>
            <TableCell className="text-sm">
              {!blocked ? "Not checked" : blocked.ok ? (blocked.value ? "Yes" : "No") : "Could not be read"}
            </TableCell>
          </tr>
        );
      })}
    </DataTable>
  );
}
