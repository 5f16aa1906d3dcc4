import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableColumnHeader,
  TableContainer,
  TableHead,
  TableRowHeader,
} from "@/components/ui/table";
import type { JobResult } from "@/lib/incidents/jobs";
import { resultOutcome } from "./job-labels";

const HEAD = "text-slate-700";

export function JobResultsTable({ rows }: { rows: JobResult[] }) {
  return (
    <TableContainer>
      <Table className="min-w-full text-left">
        <TableCaption className="px-3 py-2 text-sm text-slate-900">Outcome per UID</TableCaption>
        <TableHead>
          <tr>
            <TableColumnHeader className={HEAD}>UID</TableColumnHeader>
            <TableColumnHeader className={HEAD}>Outcome</TableColumnHeader>
            <TableColumnHeader className={HEAD}>Message</TableColumnHeader>
          </tr>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const { label, tone } = resultOutcome(row.outcome);
            return (
              <tr key={row.uid}>
                <TableRowHeader className="align-top font-mono break-all">{row.uid}</TableRowHeader>
                <TableCell className="align-top whitespace-nowrap">
                  <Badge tone={tone}>{label}</Badge>
                </TableCell>
                <TableCell className="align-top text-slate-700">{row.message}</TableCell>
              </tr>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
