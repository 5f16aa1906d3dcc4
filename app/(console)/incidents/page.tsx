import type { Metadata } from "next";
import { IncidentForm } from "@/components/incidents/incident-form";
import { JobsTable } from "@/components/incidents/jobs-table";
import { ApprovalRequests } from "@/components/approvals/approval-requests";
import { PastedAccounts } from "@/components/incidents/pasted-accounts";
import { SelectedAccounts } from "@/components/incidents/selected-accounts";
import { FindAccountsForm } from "@/components/raid-search/find-accounts-form";
import { RecentSearches } from "@/components/raid-search/recent-searches";
import { LazySearchResults } from "@/components/raid-search/lazy-search-results";
import { SelectionProvider } from "@/components/ui/selection";
import { approvalRequestsFor } from "@/lib/approvals/requests";
import { getEnv } from "@/lib/env";
import { formatCount } from "@/lib/format/numbers";
import { requireOperator } from "@/lib/auth/session";
import { can } from "@/lib/roles";
import { getDb } from "@/lib/db/client";
import { listJobs } from "@/lib/incidents/jobs";
import { recentSearches } from "@/lib/raid-search/store";
import { searchView } from "@/lib/raid-search/view";
import { raidSearchIdSchema } from "@/lib/raid-search/schemas";
import { firstOf, type SearchParams } from "@/lib/url-state";
import { PageHeader } from "@/components/ui/page-header";
import { Section } from "@/components/incidents/section";

export const metadata: Metadata = { title: "Incidents" };

/**
 * Incident mode: find the accounts behind a raid from what they sent and act on them, block a long
 * list of UIDs on behalf of one user, and follow the jobs.
 */
export default async function IncidentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const operator = await requireOperator("incidents.read");
  const db = await getDb();
  const jobs = await listJobs(db);
  const requests = await approvalRequestsFor(db, operator);
  const threshold = getEnv().approval.thresholdUids;
  const searching = can(operator.role, "accounts.search");
  const search = await searchParams;
  const searchId = firstOf(search.search);
  // "Find accounts" of a raid alert: the search form filled in with the group and the alert's window.
  const findGroup = firstOf(search.findGroup);
  const prefill = findGroup
    ? { group: findGroup, from: firstOf(search.findFrom), to: firstOf(search.findTo) }
    : undefined;
  const view =
    searchId && raidSearchIdSchema.safeParse({ searchId }).success
      ? await searchView(db, { searchId, filter: "", page: 1 })
      : undefined;
  const allowed = {
    block: can(operator.role, "users.block"),
    deactivate: can(operator.role, "users.deactivate"),
    ban: can(operator.role, "groups.members.manage"),
    deleteMessages: can(operator.role, "messages.delete"),
  };
  const criteria = view?.search.criteria;
  // Support follows the jobs and the searches, and is offered nothing that acts.
  const acting = Object.values(allowed).some(Boolean);
  const canBreakGlass = can(operator.role, "incidents.break_glass");

  return (
    <div className="space-y-8">
      <PageHeader title="Incidents">
        Find the accounts behind a raid from what they sent, and block, deactivate or ban them or delete their messages;
        or block up to 10,000 UIDs on behalf of one user. Every list is previewed before anything is sent; each job then
        runs in the background, and its page shows its progress and the outcome for every UID.
      </PageHeader>

      <Section id="find-accounts" title="Find accounts">
        {searching ? (
          <FindAccountsForm prefill={prefill} />
        ) : (
          <p className="text-sm text-slate-700">
            Your role may follow the searches and their senders; a moderator or admin starts them.
          </p>
        )}
        {searchId && !view && <p className="mt-4 text-sm text-slate-700">No search has that id.</p>}
        {view && criteria && (
          <SelectionProvider>
            <div className="mt-6 space-y-6 border-t border-slate-200 pt-6">
              <h3 className="text-base font-semibold text-slate-900">The senders</h3>
              <LazySearchResults key={view.search.id} initial={view} canAct={searching && acting} />
              {acting && (
                <>
                  <h3 className="text-base font-semibold text-slate-900">Act on the selected accounts</h3>
                  <SelectedAccounts
                    searchId={view.search.id}
                    group={criteria.where.kind === "group" ? criteria.where.guid : null}
                    blockFor={criteria.blockedBy ?? (criteria.where.kind === "user" ? criteria.where.uid : null)}
                    allowed={allowed}
                    canBreakGlass={canBreakGlass}
                  />
                </>
              )}
            </div>
          </SelectionProvider>
        )}
        <h3 className="mt-6 mb-2 text-base font-semibold text-slate-900">Recent searches</h3>
        <RecentSearches searches={await recentSearches(db)} />
      </Section>

      {allowed.block && (
        <Section id="incident-form" title="Block a list of users">
          <IncidentForm canBreakGlass={canBreakGlass} />
        </Section>
      )}

      {(allowed.deactivate || allowed.ban) && (
        <Section id="act-on-list" title="Deactivate or ban a list of accounts">
          <PastedAccounts allowed={allowed} canBreakGlass={canBreakGlass} />
        </Section>
      )}

      <section id="approvals" aria-labelledby="approvals-heading" className="space-y-3">
        <h2 id="approvals-heading" className="text-lg font-semibold text-slate-900">
          Requests for approval
        </h2>
        <p className="text-sm text-slate-700">
          {threshold > 0
            ? `A job that would act on more than ${formatCount(threshold)} users waits here until a second moderator or admin approves it.`
            : "Approval is off (APPROVAL_THRESHOLD_UIDS is 0): every job starts when its requester confirms it."}
        </p>
        <ApprovalRequests initial={requests} operatorEmail={operator.email} />
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
