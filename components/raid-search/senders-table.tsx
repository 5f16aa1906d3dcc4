import { Badge } from "@/components/ui/badge";
import { SelectCheckbox } from "@/components/ui/selection";
import { DataTable, EmptyTable, TableCell, type Column } from "@/components/ui/table";
import { UnixTime } from "@/components/ui/time";
import { AppLink } from "@/components/ui/app-link";
import { Uid, userHref } from "@/components/ui/uid";
import { MessageText } from "@/components/ui/message-text";
import type { RaidSearchCriteria } from "@/lib/db/schema";
import { countOf, formatCount } from "@/lib/format/numbers";
import type { SenderRow } from "@/lib/raid-search/senders";

/**
 * What the chat service says of a sender now, in one cell: each state that holds (blocked by the user
 * the search names, deactivated, banned from its group), "None", or "Not read" while the search runs.
 */
function StateNow({ row }: { row: SenderRow }) {
  const checked = [row.blocked, row.deactivated, row.banned];
  if (checked.every((value) => value === null)) return <span className="text-slate-500">Not read</span>;
  const states = [row.blocked && "Blocked", row.deactivated && "Deactivated", row.banned && "Banned"].filter(
    (state): state is string => Boolean(state),
  );
  if (states.length === 0) return <span className="text-slate-700">None</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {states.map((state) => (
        <Badge key={state} tone="warning">
          {state}
        </Badge>
      ))}
    </span>
  );
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
    "Notes",
    "First and last",
    "Sample message",
    // The user and the group named in the search summary above: a UID of 100 characters would widen a header.
    `Now: ${[criteria.blockedBy && "blocked", "deactivated", group && "banned"].filter(Boolean).join(", ")}`,
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
          <TableCell className="tabular-nums">
            {row.notes > 0 ? (
              <AppLink
                href={`${userHref(row.uid)}#notes`}
                aria-label={`${countOf(row.notes, "note", "notes")} on ${row.uid}`}
                className="text-brand-700 underline underline-offset-2"
              >
                {formatCount(row.notes)}
              </AppLink>
            ) : (
              <span className="text-slate-500">0</span>
            )}
          </TableCell>
          <TableCell className="font-mono text-xs">
            <span className="block">
              <UnixTime seconds={row.firstAt} wrap />
            </span>
            <span className="mt-1 block">
              <UnixTime seconds={row.lastAt} wrap />
            </span>
          </TableCell>
          <TableCell className="max-w-56 min-w-40 text-sm">
            <MessageText text={row.sample} />
          </TableCell>
          <TableCell>
            <StateNow row={row} />
          </TableCell>
        </tr>
      ))}
    </DataTable>
  );
}
