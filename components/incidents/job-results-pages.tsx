import { Pagination } from "@/components/ui/pagination";
import type { JobResultsPage } from "@/lib/incidents/job-results";
import { jobResultsHref } from "@/lib/url-state";

export function JobResultsPages({ jobId, view }: { jobId: string; view: JobResultsPage }) {
  return (
    <Pagination
      label="Result pages"
      pages={{ current: view.page, last: view.pages, href: (page) => jobResultsHref(jobId, view.outcome, page) }}
    />
  );
}
