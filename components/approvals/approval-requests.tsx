"use client";

import { AppLink } from "@/components/ui/app-link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { DataTable, EmptyTable, TableCell, type Column } from "@/components/ui/table";
import { Time } from "@/components/ui/time";
import { WhenAndSubjectCells } from "@/components/incidents/job-cells";
import { JOB_KINDS } from "@/lib/incidents/job-kinds";
import { jobSubjectText } from "@/components/incidents/job-labels";
import type { ApprovalRequests as Requests, ApprovalRow } from "@/lib/approvals/requests";
import { formatCount } from "@/lib/format/numbers";
import { approvalRequestsRead } from "@/lib/reads/urls";
import { useLiveRead } from "@/lib/reads/use-live-read";
import { JobStatusBadge } from "@/components/incidents/job-status-badge";

const POLL_MS = 5000;

const OPEN_COLUMNS: Column[] = ["Requested", "Job", "Users", "Requested by", "Reason", "Expires", "Review"];
const HISTORY_COLUMNS: Column[] = ["Requested", "Job", "Users", "Requested by", "Decision", "By", "Reason", "Job"];

function ReviewLink({ row, label }: { row: ApprovalRow; label: string }) {
  return (
    <AppLink href={`/incidents/${row.jobId}`} className="text-brand-700 underline">
      {label}
      <span className="sr-only">
        {" "}
        of {row.requestedBy.email} for {jobSubjectText(row)}
      </span>
    </AppLink>
  );
}

/**
 * Requests for approval, newest first: those waiting for a decision (read again every five seconds,
 * so that a new one shows without a reload), then the recent decisions and break-glass starts.
 */
export function ApprovalRequests({ initial, operatorEmail }: { initial: Requests; operatorEmail: string }) {
  const [requests, setRequests] = useState(initial);
  useLiveRead<Requests>(approvalRequestsRead.url, {
    everyMs: POLL_MS,
    dates: approvalRequestsRead.dates,
    onAnswer: (answer) => {
      if (answer.ok) setRequests(answer.data);
    },
  });

  return (
    <div className="space-y-6">
      {requests.open.length === 0 ? (
        <EmptyTable>No request is waiting for approval.</EmptyTable>
      ) : (
        <DataTable caption="Waiting for approval, newest first" columns={OPEN_COLUMNS}>
          {requests.open.map((row) => (
            <tr key={row.jobId}>
              <WhenAndSubjectCells at={row.requestedAt} job={row} verb={JOB_KINDS[row.kind].verb} />
              <TableCell className="tabular-nums">{formatCount(row.toSend)}</TableCell>
              <TableCell>
                {row.requestedBy.email}
                {row.requestedBy.email === operatorEmail && <span className="text-slate-600"> (you)</span>}
              </TableCell>
              <TableCell className="break-words">{row.reason}</TableCell>
              <TableCell className="font-mono text-xs">
                <Time at={row.expiresAt} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <ReviewLink row={row} label="Review request" />
              </TableCell>
            </tr>
          ))}
        </DataTable>
      )}
      {requests.history.length > 0 && (
        <DataTable caption="History of requests and starts without approval" columns={HISTORY_COLUMNS}>
          {requests.history.map((row) => (
            <tr key={row.jobId}>
              <WhenAndSubjectCells at={row.requestedAt} job={row} verb={JOB_KINDS[row.kind].verb} />
              <TableCell className="tabular-nums">{formatCount(row.toSend)}</TableCell>
              <TableCell>{row.requestedBy.email}</TableCell>
              <TableCell>
                {row.breakGlass ? (
                  <Badge tone="danger">Started without approval</Badge>
                ) : row.status === "rejected" || row.status === "withdrawn" || row.status === "expired" ? (
                  <JobStatusBadge status={row.status} />
                ) : (
                  <Badge tone="success">Approved</Badge>
                )}
              </TableCell>
              <TableCell>{row.decidedBy?.email ?? ""}</TableCell>
              <TableCell className="break-words">{row.decisionReason ?? ""}</TableCell>
              <TableCell className="whitespace-nowrap">
                <ReviewLink row={row} label="View job" />
              </TableCell>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
