import type { Metadata } from "next";
import { IncidentForm } from "@/components/incidents/incident-form";
import { JobsTable } from "@/components/incidents/jobs-table";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { listJobs } from "@/lib/incidents/jobs";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Incidents" };

/** Incident mode: block a long list of UIDs on behalf of one user as a background job, and follow the jobs. */
export default async function IncidentsPage() {
  await requireOperator("users.block");
  const jobs = await listJobs(await getDb());

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
        <IncidentForm />
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
