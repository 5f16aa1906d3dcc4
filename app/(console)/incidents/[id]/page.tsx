import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { notFound } from "next/navigation";
import { jobTitle, isActive } from "@/components/incidents/job-labels";
import { ApprovalPanel } from "@/components/approvals/approval-panel";
import { JobProgressPanel } from "@/components/incidents/job-progress-panel";
import { JobResultsSection } from "@/components/incidents/job-results-section";
import { rateLimitWait } from "@/components/incidents/rate-limit-wait";
import { Time } from "@/components/ui/time";
import { JobSubject } from "@/components/incidents/job-subject";
import { can } from "@/lib/roles";
import { JOB_KINDS } from "@/lib/incidents/job-kinds";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { firstUidsToSend, jobResultsPage } from "@/lib/incidents/job-results";
import { getJob, jobProgress } from "@/lib/incidents/jobs";
import { affectedByItems } from "@/lib/incidents/chunk-call";
import { jobIdSchema } from "@/lib/incidents/schemas";
import { auditHref, jobResultsQuery, type SearchParams } from "@/lib/url-state";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
};

/** UIDs an approver sees on the page; the CSV has them all. */
const FIRST_UIDS = 20;

const isJobId = (id: string) => jobIdSchema.safeParse({ jobId: id }).success;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const job = isJobId(id) ? await getJob(await getDb(), id) : undefined;
  return { title: job ? jobTitle(job) : "Job not found" };
}

/** One job: what it is for, its live progress and controls, and the outcome for each of its UIDs. */
export default async function IncidentJobPage({ params, searchParams }: Props) {
  const operator = await requireOperator("incidents.read");
  const { id } = await params;
  if (!isJobId(id)) notFound();
  const db = await getDb();
  const progress = await jobProgress(db, id);
  if (!progress) notFound();
  const { job } = progress;
  const view = await jobResultsPage(db, id, jobResultsQuery(await searchParams));
  const requester = job.createdByEmail === operator.email;
  const firstItems = await firstUidsToSend(db, id, FIRST_UIDS);
  // A decision's items are reports and calls: the approver sees the UIDs they act on.
  const firstUids = job.kind === "report_decision" ? affectedByItems(job, firstItems) : firstItems;
  // Support follows a job and is offered none of its controls; each action refuses them anyway.
  const canAct = can(operator.role, JOB_KINDS[job.kind].permission);

  return (
    <div className="space-y-8">
      <div>
        <AppLink href="/incidents" className="text-sm text-brand-700 underline">
          Back to incidents
        </AppLink>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight break-all">{jobTitle(job)}</h1>
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm">
          <dt className="text-slate-600">{job.blockerUid ? "On behalf of" : job.groupGuid ? "In" : "Where"}</dt>
          <dd>
            <JobSubject job={job} />
          </dd>
          <dt className="text-slate-600">Reason</dt>
          <dd className="break-words text-slate-900">{job.reason}</dd>
          <dt className="text-slate-600">Created by</dt>
          <dd className="text-slate-900">
            <AppLink href={auditHref({ actor: job.createdByEmail })} className="text-brand-700 underline">
              {job.createdByEmail}
            </AppLink>
          </dd>
          <dt className="text-slate-600">Created at</dt>
          <dd className="text-slate-900">
            <Time at={job.createdAt} />
          </dd>
          {job.parentJobId && (
            <>
              <dt className="text-slate-600">{job.purpose === "undo" ? "Undoes" : "Follows"}</dt>
              <dd>
                <AppLink href={`/incidents/${job.parentJobId}`} className="text-brand-700 underline">
                  Parent job {job.parentJobId.slice(0, 8)}
                </AppLink>
              </dd>
            </>
          )}
          <dt className="text-slate-600">Job id</dt>
          <dd className="font-mono text-xs break-all text-slate-900">{job.id}</dd>
        </dl>
      </div>

      {(job.approvalExpiresAt !== null || job.breakGlass) && (
        <ApprovalPanel
          job={job}
          firstUids={firstUids}
          mode={requester ? "withdraw" : can(operator.role, "users.block") ? "decide" : "view"}
        />
      )}

      <JobProgressPanel
        key={job.id}
        initial={progress}
        waitingUntil={rateLimitWait(job)}
        canAct={canAct}
        canUnblock={can(operator.role, "users.unblock") && canAct}
      />

      <JobResultsSection
        jobId={job.id}
        view={view}
        live={isActive(job.status)}
        items={job.kind === "delete_messages" ? "messages" : job.kind === "report_decision" ? "decision" : "uids"}
      />
    </div>
  );
}
