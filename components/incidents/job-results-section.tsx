import { buttonClasses } from "@/components/ui/button";
import { UidOutcomeTable } from "@/components/ui/uid-outcome-table";
import { formatCount } from "@/lib/format/numbers";
import { outcomeOf } from "@/lib/outcomes";
import { parseMessageItem } from "@/lib/incidents/job-kinds";
import { parseItem } from "@/lib/reports/decision-items";
import { JobResultsFilter } from "./job-results-filter";
import { JobResultsPages } from "./job-results-pages";
import type { JobResultsPage } from "@/lib/incidents/job-results";
import { EmptyTable } from "@/components/ui/table";

type JobResultsSectionProps = {
  jobId: string;
  /**
   * A job that deletes messages has a message an item, shown with its sender; a report decision has
   * a report or a call an item, shown with the UID it acts on or for.
   */
  items?: "uids" | "messages" | "decision";
  view: JobResultsPage;
  /** A running job's results are read again as its UIDs get done (see useJobProgress). */
  live: boolean;
};

/** A deletion's item is "<message id>:<sender>": the row names the sender, with the message beside. */
function messageRow(row: JobResultsPage["rows"][number]) {
  const { messageId, sender } = parseMessageItem(row.uid);
  return { ...row, uid: sender, note: `message ${messageId}` };
}

/** A decision's item: the report's sender with its message, or the reporter a block is for, the sender a ban or deactivation is of. */
function decisionRow(row: JobResultsPage["rows"][number]) {
  const item = parseItem(row.uid);
  switch (item.kind) {
    case "report":
      return {
        ...row,
        uid: item.sender,
        note: `${item.decision === "keep" ? "keep" : "remove"} message ${item.messageId}`,
      };
    case "block":
      return { ...row, uid: item.reporter, note: `blocks ${item.sender}` };
    case "ban":
      return { ...row, uid: item.sender, note: `ban from ${item.guid}` };
    case "deactivate":
      return { ...row, uid: item.sender, note: "deactivate" };
  }
}

export function JobResultsSection({ jobId, view, live, items = "uids" }: JobResultsSectionProps) {
  const matching = view.outcome
    ? (view.counts.find((entry) => entry.outcome === view.outcome)?.count ?? 0)
    : view.total;
  const from = (view.page - 1) * view.perPage + 1;
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
      {live && <p className="text-sm text-slate-600">Updated as the job runs.</p>}
      <JobResultsFilter jobId={jobId} view={view} />
      {view.rows.length === 0 ? (
        <EmptyTable>
          {view.outcome ? `No UID has the outcome “${outcomeOf(view.outcome).label}”.` : "This job has no UIDs."}
        </EmptyTable>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Showing {formatCount(from)}–{formatCount(to)} of {formatCount(matching)}
            {view.outcome ? ` with the outcome “${outcomeOf(view.outcome).label}”` : ""}.
          </p>
          {items === "messages" ? (
            <UidOutcomeTable rows={view.rows.map(messageRow)} caption="Outcome per message" />
          ) : items === "decision" ? (
            <UidOutcomeTable rows={view.rows.map(decisionRow)} caption="Outcome per report and call" />
          ) : (
            <UidOutcomeTable rows={view.rows} caption="Outcome per UID" />
          )}
        </>
      )}
      <JobResultsPages jobId={jobId} view={view} />
    </section>
  );
}
