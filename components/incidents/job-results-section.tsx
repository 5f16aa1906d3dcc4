import { buttonClasses } from "@/components/ui/button";
import { formatCount } from "./format";
import { resultOutcome } from "./job-labels";
import { JobResultsFilter } from "./job-results-filter";
import { JobResultsPages } from "./job-results-pages";
import { JobResultsTable } from "./job-results-table";
import { RESULTS_PER_PAGE, type ResultsView } from "./job-results-view";

type JobResultsSectionProps = {
  jobId: string;
  view: ResultsView;
  /** A running job's results are those of when the page was rendered; they are read again when it ends. */
  live: boolean;
};

export function JobResultsSection({ jobId, view, live }: JobResultsSectionProps) {
  const matching = view.outcome
    ? (view.counts.find((entry) => entry.outcome === view.outcome)?.count ?? 0)
    : view.total;
  const from = (view.page - 1) * RESULTS_PER_PAGE + 1;
  const to = from + view.rows.length - 1;
  return (
    <section id="results" aria-labelledby="results-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="results-heading" className="text-lg font-semibold text-slate-900">
          Results
        </h2>
        <a href={`/incidents/${jobId}/results`} download className={buttonClasses("secondary", "sm")}>
          Download CSV
        </a>
      </div>
      {live && (
        <p className="text-sm text-slate-600">
          As of when this page was loaded; the results are read again when the job ends.
        </p>
      )}
      <JobResultsFilter jobId={jobId} view={view} />
      {view.rows.length === 0 ? (
        <p className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-600">
          {view.outcome ? `No UID has the outcome “${resultOutcome(view.outcome).label}”.` : "This job has no UIDs."}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Showing {formatCount(from)}–{formatCount(to)} of {formatCount(matching)}
            {view.outcome ? ` with the outcome “${resultOutcome(view.outcome).label}”` : ""}.
          </p>
          <JobResultsTable rows={view.rows} />
        </>
      )}
      <JobResultsPages jobId={jobId} view={view} />
    </section>
  );
}
