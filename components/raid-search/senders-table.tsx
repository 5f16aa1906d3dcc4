import { Badge } from "@/components/ui/badge";
import { SelectCheckbox } from "@/components/ui/selection";
import { DataTable, EmptyTable, TableCell, type Column } from "@/components/ui/table";
import { UnixTime } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import { MessageText } from "@/components/messages/message-text";
import type { RaidSearchCriteria } from "@/lib/db/schema";
import { formatCount } from "@/lib/format/numbers";
import type { SenderRow } from "@/lib/raid-search/senders";

/** Yes, no, or not read (the search still runs, or no user or group to check against). */
function State({ value, yes }: { value: boolean | null; yes: string }) {
  if (value === null) return <span className="text-slate-500">Not read</span>;
  return value ? <Badge tone="warning">{yes}</Badge> : <span className="text-slate-700">No</span>;
}

type SendersTableProps = {
  rows: SenderRow[];
  criteria: RaidSearchCriteria;
  /** Whether each row has its checkbox: only for an operator who may act on the senders. */
  selectable: boolean;
};

/** The senders a search found, most messages first, each selectable, with what the chat service says of them now. */
export function SendersTable({ rows, criteria, selectable }: SendersTableProps) {
  if (rows.length === 0) return <EmptyTable>No sender matches.</EmptyTable>;
  const group = criteria.where.kind === "group" ? criteria.where.guid : null;
  const columns: Column[] = [
    ...(selectable ? [{ label: "Select", srOnly: true }] : []),
    "UID",
    "Name",
    "Account created",
    "Messages",
    "First",
    "Last",
    "Sample message",
    criteria.blockedBy ? `Blocked by ${criteria.blockedBy}` : "Blocked",
    "Deactivated",
    group ? `Banned from ${group}` : "Banned",
  ];
  return (
    <DataTable caption="Senders, most matching messages first" captionSrOnly columns={columns}>
      {rows.map((row) => (
        <tr key={row.uid}>
          {selectable && (
            <TableCell>
              <SelectCheckbox id={row.uid} label={`Select ${row.uid}`} />
            </TableCell>
          )}
          <TableCell className="text-xs">
            <Uid uid={row.uid} oneLine />
          </TableCell>
          <TableCell className="[overflow-wrap:anywhere]">{row.name}</TableCell>
          <TableCell className="font-mono text-xs">
            <UnixTime seconds={row.accountCreatedAt} wrap />
          </TableCell>
          <TableCell className="tabular-nums">{formatCount(row.messages)}</TableCell>
          <TableCell className="font-mono text-xs">
            <UnixTime seconds={row.firstAt} wrap />
          </TableCell>
          <TableCell className="font-mono text-xs">
            <UnixTime seconds={row.lastAt} wrap />
          </TableCell>
          <TableCell className="max-w-56 min-w-40 text-sm">
            <MessageText text={row.sample} />
          </TableCell>
          <TableCell>
            <State value={row.blocked} yes="Blocked" />
          </TableCell>
          <TableCell>
            <State value={row.deactivated} yes="Deactivated" />
          </TableCell>
          <TableCell>
            <State value={row.banned} yes="Banned" />
          </TableCell>
        </tr>
      ))}
    </DataTable>
  );
}
