"use client";

import { AppLink } from "@/components/ui/app-link";
import { Badge } from "@/components/ui/badge";
import { SelectCheckbox, selectColumn, useOffered } from "@/components/ui/selection";
import { DataTable, EmptyTable, TableCell, TableRowHeader } from "@/components/ui/table";
import { Time } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import { MessageText } from "@/components/ui/message-text";
import type { ReportListRow } from "@/lib/reports/queries";
import { reportHref, reportsHref } from "@/lib/url-state";
import { ReportStatus } from "./report-status";
import { isNewAccount } from "./sender-age";

type Props = {
  rows: ReportListRow[];
  /** Moderators and admins select reports to decide on; support reads only. */
  canDecide: boolean;
  caption: string;
  reasonNames: Record<string, string>;
};

/** A page of the queue: each reported message with its sender, where it was sent, its reports and who holds it. */
export function ReportsTable({ rows, canDecide, caption, reasonNames }: Props) {
  useOffered(canDecide ? rows.filter((row) => row.status === "open").map((row) => row.messageId) : []);

  if (rows.length === 0) return <EmptyTable>No reports match these filters.</EmptyTable>;
  return (
    <DataTable
      caption={caption}
      columns={[...selectColumn(canDecide), "Message", "Sender", "Sent to", "Reports", "Last reported", "State"]}
    >
      {rows.map((row) => (
        <tr key={row.messageId} className="align-top">
          {canDecide && (
            <TableCell>
              {row.status === "open" && (
                <SelectCheckbox id={row.messageId} label={`Select report of message ${row.messageId}`} />
              )}
            </TableCell>
          )}
          <TableRowHeader className="max-w-md min-w-56 font-normal">
            <AppLink
              href={reportHref(row.messageId)}
              className="text-sm font-medium text-brand-700 underline underline-offset-2"
            >
              Open report of message {row.messageId}
            </AppLink>
            <MessageText
              text={row.textLength > row.text.length ? `${row.text}…` : row.text}
              className="mt-1 text-sm text-slate-900"
            />
          </TableRowHeader>
          <TableCell className="max-w-56">
            <Uid uid={row.senderUid} name={row.senderName} oneLine />
            {isNewAccount(row.senderCreatedAt) && (
              <div className="mt-1">
                <Badge tone="warning">New account</Badge>
              </div>
            )}
          </TableCell>
          <TableCell className="max-w-48">
            {row.receiverType === "group" ? (
              <AppLink
                href={reportsHref({ group: row.receiverId })}
                className="text-sm text-brand-700 underline underline-offset-2 [overflow-wrap:anywhere]"
              >
                {row.receiverName} (group)
              </AppLink>
            ) : (
              <span className="text-sm">
                Direct message to <Uid uid={row.receiverId} name={row.receiverName} oneLine />
              </span>
            )}
          </TableCell>
          <TableCell>
            <span className="font-semibold">{row.reportCount}</span>
            <div className="mt-1 flex flex-wrap gap-1">
              {row.reasonIds.map((reason) => (
                <Badge key={reason}>{reasonNames[reason] ?? reason}</Badge>
              ))}
            </div>
          </TableCell>
          <TableCell>
            <Time at={row.lastFlaggedAt} />
          </TableCell>
          <TableCell>
            <ReportStatus report={row} />
          </TableCell>
        </tr>
      ))}
    </DataTable>
  );
}
