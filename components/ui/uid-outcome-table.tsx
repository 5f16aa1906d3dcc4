import type { ReactNode } from "react";
import { OutcomeBadge } from "./outcome-badge";
import { DataTable, TableCell, TableRowHeader } from "./table";
import { Uid } from "./uid";

export type UidOutcomeRow = {
  uid: string;
  outcome: string;
  message: string;
  /** Said beside the UID, such as "not requested". */
  note?: string;
  /** Shown under the message, such as a glimpse of an answer the console could not read. */
  detail?: ReactNode;
};

/** One row per UID of a block, an unblock or a job: the UID (linked, copyable), its outcome and the service's words. */
export function UidOutcomeTable({ rows, caption }: { rows: UidOutcomeRow[]; caption: string }) {
  return (
    <DataTable caption={caption} columns={["UID", "Outcome", "Message"]}>
      {rows.map((row, index) => (
        <tr key={`${index}-${row.uid}`}>
          <TableRowHeader className="align-top">
            <Uid uid={row.uid} oneLine />
            {row.note && <span className="ml-1 text-xs text-slate-600">({row.note})</span>}
          </TableRowHeader>
          <TableCell className="align-top whitespace-nowrap">
            <OutcomeBadge outcome={row.outcome} />
          </TableCell>
          <TableCell className="align-top text-slate-700">
            {row.message}
            {row.detail}
          </TableCell>
        </tr>
      ))}
    </DataTable>
  );
}
