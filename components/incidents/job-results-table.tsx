import { Badge } from "@/components/ui/badge";
import type { JobResult } from "@/lib/incidents/jobs";
import { resultOutcome } from "./job-labels";

const HEAD = "px-3 py-2 font-medium text-slate-700";

export function JobResultsTable({ rows }: { rows: JobResult[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="px-3 py-2 text-left text-sm font-medium text-slate-900">Outcome per UID</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={HEAD}>
              UID
            </th>
            <th scope="col" className={HEAD}>
              Outcome
            </th>
            <th scope="col" className={HEAD}>
              Message
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const { label, tone } = resultOutcome(row.outcome);
            return (
              <tr key={row.uid}>
                <th scope="row" className="px-3 py-2 align-top font-mono font-normal break-all">
                  {row.uid}
                </th>
                <td className="px-3 py-2 align-top whitespace-nowrap">
                  <Badge tone={tone}>{label}</Badge>
                </td>
                <td className="px-3 py-2 align-top text-slate-700">{row.message}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
