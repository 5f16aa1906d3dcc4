import type { Database } from "@/lib/db/client";
import { rateBudgetUse, type RateBudgetUse } from "@/lib/incidents/rate-budget";
import { sendersPage, type SendersPage } from "./senders";
import { getSearch, type RaidSearch } from "./store";

/** A search as its section on /incidents shows it: what it looks for, how far it got, and a page of its senders. */
export type SearchView = {
  search: Pick<
    RaidSearch,
    | "id"
    | "status"
    | "criteria"
    | "scanned"
    | "matched"
    | "calls"
    | "progress"
    | "lastError"
    | "createdByEmail"
    | "createdAt"
    | "finishedAt"
  >;
  senders: SendersPage;
  /** The rate budget searches and jobs share: calls over the last minute, of how many allowed. */
  budget: RateBudgetUse;
};

/**
 * The search and one page of its senders. What the chat service says of each sender now (blocked,
 * deactivated, banned) is read once the search has ended, not on every read while it runs.
 */
export async function searchView(
  db: Database,
  query: { searchId: string; filter: string; page: number },
): Promise<SearchView | undefined> {
  const search = await getSearch(db, query.searchId);
  if (!search) return undefined;
  const { id, status, criteria, scanned, matched, calls, progress, lastError, createdByEmail, createdAt, finishedAt } =
    search;
  return {
    search: {
      id,
      status,
      criteria,
      scanned,
      matched,
      calls,
      progress,
      lastError,
      createdByEmail,
      createdAt,
      finishedAt,
    },
    senders: await sendersPage(db, search.criteria, query, { statuses: search.status !== "running" }),
    budget: await rateBudgetUse(db),
  };
}
