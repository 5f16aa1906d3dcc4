import { Pagination } from "@/components/ui/pagination";
import { resultsHref, type ResultsView } from "./job-results-view";

export function JobResultsPages({ jobId, view }: { jobId: string; view: ResultsView }) {
  return (
    <Pagination
      label="Result pages"
      pages={{ current: view.page, last: view.pages, href: (page) => resultsHref(jobId, view.outcome, page) }}
    />
  );
}
