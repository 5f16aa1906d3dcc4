import type { Database } from "@/lib/db/client";
import type { RequestPreview } from "@/lib/db/schema";
import type { Actor } from "@/lib/audit/actor";
import { approvalHistory, openRequests } from "./decisions";
import type { BlockJob } from "@/lib/incidents/jobs";

type Person = { id: string | null; email: string; role: string };

/** A request for approval as the list shows it: who asked for what, and who decided. */
export type ApprovalRow = {
  jobId: string;
  status: BlockJob["status"];
  kind: BlockJob["kind"];
  blockerUid: string | null;
  groupGuid: string | null;
  /** UIDs the job sends (those already blocked, deactivated or banned are recorded, not sent). */
  toSend: number;
  alreadyBlocked: number;
  preview: RequestPreview | null;
  reason: string;
  requestedBy: Person;
  requestedAt: Date;
  expiresAt: Date | null;
  breakGlass: boolean;
  decidedBy: Person | null;
  decisionReason: string | null;
  decidedAt: Date | null;
};

function approvalRowOf(job: BlockJob): ApprovalRow {
  return {
    jobId: job.id,
    status: job.status,
    kind: job.kind,
    blockerUid: job.blockerUid,
    groupGuid: job.groupGuid,
    toSend: job.total - job.alreadyBlockedCount - job.unchangedCount,
    alreadyBlocked: job.alreadyBlockedCount + job.unchangedCount,
    preview: job.requestPreview,
    reason: job.reason,
    requestedBy: { id: job.createdById, email: job.createdByEmail, role: job.createdByRole },
    requestedAt: job.createdAt,
    expiresAt: job.approvalExpiresAt,
    breakGlass: job.breakGlass,
    decidedBy: job.decidedByRole
      ? { id: job.decidedById, email: job.decidedByEmail ?? "the system", role: job.decidedByRole }
      : null,
    decisionReason: job.decisionReason,
    decidedAt: job.decidedAt,
  };
}

export type ApprovalRequests = {
  /** Requests of other operators waiting for this operator's decision: the navigation's badge. */
  waitingForYou: number;
  open: ApprovalRow[];
  history: ApprovalRow[];
};

/** The requests open for a decision, newest first, and the recent decisions and break-glass starts. */
export async function approvalRequestsFor(db: Database, operator: Actor): Promise<ApprovalRequests> {
  const open = (await openRequests(db)).map(approvalRowOf);
  return {
    waitingForYou: open.filter((row) => row.requestedBy.email !== operator.email).length,
    open,
    history: (await approvalHistory(db)).map(approvalRowOf),
  };
}
