import type { Metadata } from "next";
import { IncidentForm } from "@/components/incidents/incident-form";
import { JobsTable } from "@/components/incidents/jobs-table";
import { ApprovalRequests } from "@/components/incidents/approval-requests";
import { approvalRequestsFor } from "@/lib/incidents/approval-requests";
import { getEnv } from "@/lib/env";
import { formatCount } from "@/lib/format/numbers";
import { requireOperator } from "@/lib/auth/session";
import { can } from "@/lib/roles";
import { getDb } from "@/lib/db/client";
import { listJobs } from "@/lib/incidents/jobs";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Incidents" };

/** Incident mode: block a long list of UIDs on behalf of one user as a background job, and follow the jobs. */
export default async function IncidentsPage() {
  const operator = await requireOperator("users.block");
  const db = await getDb();
  const jobs = await listJobs(db);
  const requests = await approvalRequestsFor(db, operator);
  const threshold = getEnv().approval.thresholdUids;

  return (
    <div className="space-y-8">
      <PageHeader title="Incidents">
        Block up to 10,000 UIDs on behalf of one user. The list is previewed before anything is sent; the job then runs
        in the background, and its page shows its progress and the outcome for every UID.
      </PageHeader>

      <section
        aria-labelledby="incident-form-heading"
        className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="incident-form-heading" className="mb-4 text-lg font-semibold text-slate-900">
          Block a list of users
        </h2>
        <IncidentForm canBreakGlass={can(operator.role, "incidents.break_glass")} />
      </section>

      <section id="approvals" aria-labelledby="approvals-heading" className="space-y-3">
        <h2 id="approvals-heading" className="text-lg font-semibold text-slate-900">
          Requests for approval
        </h2>
        <p className="text-sm text-slate-700">
          {threshold > 0
            ? `A job that would block more than ${formatCount(threshold)} users waits here until a second moderator or admin approves it.`
            : "Approval is off (APPROVAL_THRESHOLD_UIDS is 0): every job starts when its requester confirms it."}
        </p>
        <ApprovalRequests initial={requests} operatorEmail={operator.email} />
      </section>

      <section aria-labelledby="jobs-heading" className="space-y-3">
        <h2 id="jobs-heading" className="text-lg font-semibold text-slate-900">
          Recent jobs
        </h2>
        <JobsTable jobs={jobs} caption="Recent jobs, newest first" />
      </section>
    </div>
  );
}
