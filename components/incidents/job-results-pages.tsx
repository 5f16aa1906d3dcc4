import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { formatCount } from "./format";
import { resultsHref, type ResultsView } from "./job-results-view";

export function JobResultsPages({ jobId, view }: { jobId: string; view: ResultsView }) {
  if (view.pages <= 1) return null;
  return (
    <nav aria-label="Result pages" className="flex flex-wrap items-center gap-3 text-sm">
      {view.page > 1 && (
        <Link href={resultsHref(jobId, view.outcome, view.page - 1)} className={buttonClasses("secondary", "sm")}>
          Previous page
        </Link>
      )}
      <span className="text-slate-700">
        Page {formatCount(view.page)} of {formatCount(view.pages)}
      </span>
      {view.page < view.pages && (
        <Link href={resultsHref(jobId, view.outcome, view.page + 1)} className={buttonClasses("secondary", "sm")}>
          Next page
        </Link>
      )}
    </nav>
  );
}
