import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { DecisionPanel } from "@/components/reports/decision-panel";
import { RefreshReportsButton } from "@/components/reports/refresh-reports-button";
import { ReportsFilters } from "@/components/reports/reports-filters";
import { ReportsTable } from "@/components/reports/reports-table";
import { Alert } from "@/components/ui/alert";
import { cn } from "@/components/ui/cn";
import { Pagination } from "@/components/ui/pagination";
import { SelectionProvider } from "@/components/ui/selection";
import { Time } from "@/components/ui/time";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { countOf } from "@/lib/format/numbers";
import { indexState } from "@/lib/reports/index-store";
import { openReportCount, REPORTS_PER_PAGE, reportFilterChoices, reportsPage } from "@/lib/reports/queries";
import { pendingBlockedCount } from "@/lib/blocked-messages/queries";
import { ReviewTabs } from "@/components/layout/review-tabs";
import { can } from "@/lib/roles";
import { reportsHref, reportsQuery, type SearchParams } from "@/lib/url-state";

export const metadata: Metadata = { title: "Reports" };

/** The queue of reported messages, from the console's index: filtered, sorted and paged in SQL. */
export default async function ReportsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const operator = await requireOperator("reports.read");
  const query = reportsQuery(await searchParams);
  const db = await getDb();
  const { rows, total } = await reportsPage(db, query);
  const choices = await reportFilterChoices(db);
  const state = await indexState(db);
  const canDecide = can(operator.role, "reports.decide") && query.view === "queue";
  const last = Math.max(1, Math.ceil(total / REPORTS_PER_PAGE));
  const reasonNames = Object.fromEntries(choices.reasons.map((reason) => [reason.id, reason.name || reason.id]));
  const [openReports, pendingBlocked] = await Promise.all([
    openReportCount(db),
    can(operator.role, "rules.read") ? pendingBlockedCount(db) : undefined,
  ]);

  return (
    <div className="space-y-6">
      <ReviewTabs current="reports" openReports={openReports} pendingBlocked={pendingBlocked} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Reports</h1>
          <p className="mt-1 text-sm text-slate-600">
            Messages people reported, from the chat service&apos;s list of flagged messages.{" "}
            {state?.lastPassFinishedAt ? (
              <>
                Read from the chat service <Time at={state.lastPassFinishedAt} />.
              </>
            ) : (
              "Not read from the chat service yet."
            )}
          </p>
        </div>
        <RefreshReportsButton />
      </div>
      {state?.lastError && (
        <Alert tone="warning" title="The last read of the chat service's reports failed">
          {state.lastError} The queue shows what was read before; the console tries again shortly.
        </Alert>
      )}
      {!can(operator.role, "reports.decide") && (
        <Alert tone="info">Your role may read reports; deciding on them is for moderators and admins.</Alert>
      )}
      <nav aria-label="Reports to show" className="flex gap-2">
        {(["queue", "decided"] as const).map((view) => (
          <AppLink
            key={view}
            href={reportsHref({ ...query, view, page: 1 })}
            aria-current={query.view === view ? "page" : undefined}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium",
              query.view === view ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            {view === "queue" ? "Waiting" : "Decided"}
          </AppLink>
        ))}
      </nav>
      <ReportsFilters query={query} choices={choices} />
      <SelectionProvider>
        <ReportsTable
          rows={rows}
          canDecide={canDecide}
          reasonNames={reasonNames}
          caption={`${countOf(total, "report", "reports")}, ${query.sort === "newest" ? "newest first" : "most reported first"}`}
        />
        <Pagination
          label="Reports pages"
          pages={{ current: query.page, last, href: (page) => reportsHref({ ...query, page }) }}
        />
        {canDecide && rows.length > 0 && (
          <section aria-labelledby="decide-selected" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="decide-selected" className="mb-3 text-lg font-semibold">
              Decide on the selected reports
            </h2>
            <DecisionPanel
              fromSelection
              offered={rows
                .filter((row) => row.status === "open")
                .map((row) => ({
                  messageId: row.messageId,
                  senderUid: row.senderUid,
                  senderName: row.senderName,
                  text: row.text,
                  receiverType: row.receiverType,
                  receiverName: row.receiverName,
                  reporterCount: row.reportCount,
                }))}
            />
          </section>
        )}
      </SelectionProvider>
    </div>
  );
}
