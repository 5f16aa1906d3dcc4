import { cn } from "@/components/ui/cn";
import { AppLink } from "@/components/ui/app-link";
import { formatCount } from "@/lib/format/numbers";
import { outcomeOf } from "@/lib/outcomes";
import type { JobResultsPage } from "@/lib/incidents/job-results";
import { jobResultsHref } from "@/lib/url-state";

const LINK = "inline-flex rounded-md px-3 py-1.5 text-sm font-medium";
const CURRENT = "bg-brand-50 text-brand-700 ring-1 ring-brand-300";
const OTHER = "text-slate-700 hover:bg-slate-100";

/** "All (500)", "Blocked (420)", …: each outcome that occurs, the one shown marked as current. */
export function JobResultsFilter({ jobId, view }: { jobId: string; view: JobResultsPage }) {
  const choices = [
    { outcome: null, label: "All", count: view.total },
    ...view.counts.map(({ outcome, count }) => ({ outcome, label: outcomeOf(outcome).label, count })),
  ];
  return (
    <nav aria-label="Filter results by outcome">
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const current = choice.outcome === view.outcome;
          return (
            <li key={choice.outcome ?? "all"}>
              <AppLink
                href={jobResultsHref(jobId, choice.outcome)}
                aria-current={current ? "page" : undefined}
                className={cn(LINK, current ? CURRENT : OTHER)}
              >
                {choice.label} ({formatCount(choice.count)})
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
