import { AppLink } from "@/components/ui/app-link";
import { DataTable, TableCell, EmptyTable, type Column } from "@/components/ui/table";
import type { AuditOperationRow } from "@/lib/audit/rows";
import { formatCount } from "@/lib/format/numbers";
import { Time } from "@/components/ui/time";
import { OutcomeBadge } from "@/components/ui/outcome-badge";
import { Uid } from "@/components/ui/uid";
import { jobIdOf } from "./job-link";
import { auditHref } from "@/lib/url-state";

/** The UIDs of an operation in one line: "kevin-price and 24 more", led by the UID the reader filtered on. */
function AffectedUids({ row, lead }: { row: AuditOperationRow; lead?: string }) {
  const affected = row.entry.affected;
  if (!affected) return row.entry.targetUid ? <Uid uid={row.entry.targetUid} oneLine /> : null;
  // Rows found through a UID affected it: that UID leads.
  const first = lead ?? affected.sample[0];
  if (!first) return null;
  const more = affected.count - 1;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Uid uid={first} oneLine />{" "}
      {more > 0 && (
        <AppLink href={`/audit/${row.entry.id}#affected-uids`} className="text-brand-700 underline">
          and {formatCount(more)} more
        </AppLink>
      )}
    </span>
  );
}

/** How the operation ended: its completion's outcome, or in progress, or outcome unknown. */
function Outcome({ row }: { row: AuditOperationRow }) {
  if (row.state === "unknown") return <OutcomeBadge outcome="unknown" />;
  if (row.state === "open")
    return (
      <>
        <OutcomeBadge outcome="requested" /> <span className="text-xs text-slate-500">in progress</span>
      </>
    );
  return <OutcomeBadge outcome={(row.completion ?? row.entry).outcome} />;
}

// One header a cell: the first column is the entry's number in the log.
const COLUMNS: Column[] = [
  "#",
  "Time",
  "Actor",
  "Action",
  "UIDs",
  "Outcome",
  "Duration",
  "Service answer",
  { label: "Details", srOnly: true },
];

/**
 * The log, one row per operation: when it was asked for, by whom, every UID it affected, and how it
 * ended (outcome, duration and the service's answer come from its completion). An incident job's
 * calls are folded under it: its row links to them.
 */
export function AuditTable({ rows, caption, lead }: { rows: AuditOperationRow[]; caption: string; lead?: string }) {
  if (rows.length === 0) return <EmptyTable>No entries match.</EmptyTable>;
  return (
    <DataTable caption={caption} captionSrOnly columns={COLUMNS}>
      {rows.map((row) => {
        const { entry, completion } = row;
        const answer = completion ?? entry;
        const jobId = jobIdOf(completion) ?? jobIdOf(entry);
        return (
          <tr key={entry.id}>
            <TableCell className="font-mono text-xs text-slate-600">{entry.seq}</TableCell>
            <TableCell>
              <Time at={entry.occurredAt} precision="milliseconds" />
            </TableCell>
            <TableCell>
              {entry.actorEmail ? (
                <AppLink
                  href={auditHref({ actor: entry.actorEmail })}
                  className="block text-brand-700 underline [overflow-wrap:anywhere]"
                >
                  {entry.actorEmail}
                </AppLink>
              ) : (
                <span className="block text-slate-600">
                  {entry.actorRole === "system" || entry.action === "audit.checkpoint" ? "The console" : "Unknown"}
                </span>
              )}
              {entry.actorRole && <span className="text-xs text-slate-500">{entry.actorRole}</span>}
            </TableCell>
            <TableCell className="text-xs">
              <span className="block font-mono [overflow-wrap:anywhere]">{entry.action}</span>
              {jobId && (
                <AppLink href={`/incidents/${jobId}`} className="text-brand-700 underline">
                  Job page
                </AppLink>
              )}
              {row.calls > 0 && (
                <AppLink href={auditHref({ job: entry.operationId })} className="ml-2 text-brand-700 underline">
                  {formatCount(row.calls)} calls
                </AppLink>
              )}
            </TableCell>
            <TableCell className="text-xs">
              <AffectedUids row={row} lead={lead} />
            </TableCell>
            <TableCell>
              <Outcome row={row} />
            </TableCell>
            <TableCell className="text-xs">{answer.durationMs === null ? "" : `${answer.durationMs} ms`}</TableCell>
            <TableCell className="font-mono text-xs [overflow-wrap:anywhere]">
              {[answer.httpStatus, answer.errorCode].filter((part) => part !== null && part !== undefined).join(" ")}
            </TableCell>
            <TableCell>
              <AppLink
                href={`/audit/${entry.id}`}
                className="text-brand-700 underline"
                aria-label={`Details of entry ${entry.seq}`}
              >
                Details
              </AppLink>
            </TableCell>
          </tr>
        );
      })}
    </DataTable>
  );
}
