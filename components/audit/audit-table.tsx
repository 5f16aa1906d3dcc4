import Link from "next/link";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableColumnHeader,
  TableContainer,
  TableHead,
} from "@/components/ui/table";
import type { AuditEvent } from "@/lib/audit/append";
import type { AuditRowState } from "@/lib/audit/rows";
import { AuditTime } from "./audit-time";
import { OutcomeBadge } from "./outcome-badge";

export type AuditRow = { entry: AuditEvent; state: AuditRowState };

/**
 * Entries of the log. A "requested" entry says whether its call completed, is still running, or
 * ended with no completion at all: outcome unknown.
 */
export function AuditTable({ rows, caption }: { rows: AuditRow[]; caption: string }) {
  if (rows.length === 0)
    return <p className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-600">No entries match.</p>;
  return (
    <TableContainer>
      <Table className="min-w-full">
        <TableCaption srOnly>{caption}</TableCaption>
        <TableHead className="text-left">
          <tr>
            <TableColumnHeader>#</TableColumnHeader>
            <TableColumnHeader>Time (UTC)</TableColumnHeader>
            <TableColumnHeader>Actor</TableColumnHeader>
            <TableColumnHeader>Action</TableColumnHeader>
            <TableColumnHeader>Target UID</TableColumnHeader>
            <TableColumnHeader>On behalf of</TableColumnHeader>
            <TableColumnHeader>Outcome</TableColumnHeader>
            <TableColumnHeader>Service answer</TableColumnHeader>
            <TableColumnHeader>
              <span className="sr-only">Details</span>
            </TableColumnHeader>
          </tr>
        </TableHead>
        <TableBody>
          {rows.map(({ entry, state }) => (
            <tr key={entry.id}>
              <TableCell className="font-mono text-xs text-slate-600">{entry.seq}</TableCell>
              <TableCell>
                <AuditTime at={entry.occurredAt} />
              </TableCell>
              <TableCell>
                <span className="block">{entry.actorEmail ?? "Unknown"}</span>
                {entry.actorRole && <span className="text-xs text-slate-500">{entry.actorRole}</span>}
              </TableCell>
              <TableCell className="font-mono text-xs">{entry.action}</TableCell>
              <TableCell className="font-mono text-xs">{entry.targetUid ?? ""}</TableCell>
              <TableCell className="font-mono text-xs">{entry.onBehalfOf ?? ""}</TableCell>
              <TableCell>
                <OutcomeBadge outcome={state === "unknown" ? "unknown" : entry.outcome} />
                {state === "open" && <span className="ml-1 text-xs text-slate-500">in progress</span>}
              </TableCell>
              <TableCell className="font-mono text-xs">
                {[entry.httpStatus, entry.errorCode].filter((part) => part !== null && part !== undefined).join(" ")}
              </TableCell>
              <TableCell>
                <Link
                  href={`/audit/${entry.id}`}
                  className="text-brand-700 underline"
                  aria-label={`Details of entry ${entry.seq}`}
                >
                  Details
                </Link>
              </TableCell>
            </tr>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
