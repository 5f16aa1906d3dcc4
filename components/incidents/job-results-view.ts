import type { JobResult } from "@/lib/incidents/jobs";
import { UID_OUTCOME_ORDER } from "@/lib/outcomes";

export const RESULTS_PER_PAGE = 100;

type SearchValue = string | string[] | undefined;

export type ResultsView = {
  total: number;
  /** Each outcome that occurs, with how many UIDs have it: known ones first, in a fixed order. */
  counts: Array<{ outcome: string; count: number }>;
  outcome: string | null;
  page: number;
  pages: number;
  rows: JobResult[];
};

const first = (value: SearchValue) => (Array.isArray(value) ? value[0] : value);

const ORDER: readonly string[] = UID_OUTCOME_ORDER;
const rank = (outcome: string) => (ORDER.includes(outcome) ? ORDER.indexOf(outcome) : ORDER.length);

/** One page of a job's results, filtered by outcome, as the URL (`?outcome=failed&page=2`) asks. */
export function resultsView(results: JobResult[], params: { outcome: SearchValue; page: SearchValue }): ResultsView {
  const tally = new Map<string, number>();
  for (const result of results) tally.set(result.outcome, (tally.get(result.outcome) ?? 0) + 1);
  const counts = [...tally]
    .map(([outcome, count]) => ({ outcome, count }))
    .sort((a, b) => rank(a.outcome) - rank(b.outcome) || a.outcome.localeCompare(b.outcome));

  const outcome = first(params.outcome) || null;
  const matching = outcome ? results.filter((result) => result.outcome === outcome) : results;
  const pages = Math.max(1, Math.ceil(matching.length / RESULTS_PER_PAGE));
  const asked = Number(first(params.page) ?? 1);
  const page = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
  return {
    total: results.length,
    counts,
    outcome,
    page,
    pages,
    rows: matching.slice((page - 1) * RESULTS_PER_PAGE, page * RESULTS_PER_PAGE),
  };
}

/** The job page's URL for a filter and page, pointing at the results so the browser scrolls to them. */
export function resultsHref(jobId: string, outcome: string | null, page = 1): string {
  const params = new URLSearchParams();
  if (outcome) params.set("outcome", outcome);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/incidents/${jobId}${query ? `?${query}` : ""}#results`;
}
