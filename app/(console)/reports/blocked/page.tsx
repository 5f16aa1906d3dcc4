import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { DecisionButtons } from "@/components/blocked-messages/decision-buttons";
import { Announcer } from "@/components/ui/announcer";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { SelectField, TextField, UID_INPUT } from "@/components/ui/field";
import { MessageText } from "@/components/ui/message-text";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { DataTable, EmptyTable, TableCell, TableRowHeader } from "@/components/ui/table";
import { Time } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import { requireOperator } from "@/lib/auth/session";
import { readBlockedIndexState } from "@/lib/blocked-messages/index-store";
import {
  BLOCKED_PAGE_SIZE,
  blockedMessagesPage,
  blockedRuleChoices,
  pendingBlockedCount,
  type BlockedFilters,
} from "@/lib/blocked-messages/queries";
import { getDb } from "@/lib/db/client";
import { openReportCount } from "@/lib/reports/queries";
import { ReviewTabs } from "@/components/layout/review-tabs";
import type { BlockedMessageStatus } from "@/lib/db/schema";
import { countOf } from "@/lib/format/numbers";
import { can } from "@/lib/roles";
import { firstOf, groupHref, hrefOf, pageOf, type SearchParams } from "@/lib/url-state";

export const metadata: Metadata = { title: "Blocked messages" };

const STATUS_LABELS: Record<BlockedMessageStatus, string> = {
  pending: "Waiting",
  deciding: "Being decided",
  delivered: "Delivered",
  kept: "Kept blocked",
  gone: "Reviewed elsewhere",
};

const ID = /^[A-Za-z0-9_.@:-]{1,100}$/;
const idOrNothing = (value: string | string[] | undefined) => {
  const text = firstOf(value)?.trim();
  return text && ID.test(text) ? text : undefined;
};

function filtersOf(search: SearchParams): BlockedFilters {
  return {
    status: firstOf(search.status) === "all" ? "all" : "pending",
    ruleId: idOrNothing(search.rule),
    group: idOrNothing(search.group),
    sender: idOrNothing(search.sender)?.toLowerCase(),
    page: pageOf(search.page),
  };
}

const hrefWith = (filters: BlockedFilters, changes: Partial<BlockedFilters>) => {
  const next = { ...filters, page: 1, ...changes };
  return hrefOf("/reports/blocked", {
    status: next.status === "all" ? "all" : undefined,
    rule: next.ruleId,
    group: next.group,
    sender: next.sender,
    page: next.page > 1 ? String(next.page) : undefined,
  });
};

/** What the rules held back, newest first, from the console's index of the service's blocked list. */
export default async function BlockedMessagesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const operator = await requireOperator("rules.read");
  const canDecide = can(operator.role, "rules.manage");
  const filters = filtersOf(await searchParams);
  const db = await getDb();
  const [{ rows, total }, rules, state, openReports, pendingBlocked] = await Promise.all([
    blockedMessagesPage(db, filters),
    blockedRuleChoices(db),
    readBlockedIndexState(db),
    can(operator.role, "reports.read") ? openReportCount(db) : 0,
    pendingBlockedCount(db),
  ]);
  const last = Math.max(1, Math.ceil(total / BLOCKED_PAGE_SIZE));

  return (
    <div className="space-y-6">
      <ReviewTabs current="blocked" openReports={openReports} pendingBlocked={pendingBlocked} />
      <PageHeader title="Blocked messages">
        Messages the chat service&apos;s rules held back before anyone saw them. “Deliver” sends one on as if no rule
        had held it; “Keep blocked” keeps it from delivery for good.{" "}
        {state?.lastPassFinishedAt ? (
          <>
            Read from the chat service <Time at={state.lastPassFinishedAt} />.
          </>
        ) : (
          "Not read from the chat service yet."
        )}
      </PageHeader>

      <form
        method="get"
        action="/reports/blocked"
        className="grid gap-4 rounded-md border border-slate-200 bg-white p-4 sm:grid-cols-5"
      >
        <SelectField
          id="blocked-rule"
          name="rule"
          label="Rule"
          defaultValue={filters.ruleId ?? ""}
          options={[
            { value: "", label: "Any rule" },
            ...rules.map((rule) => ({ value: rule.ruleId, label: rule.ruleName })),
          ]}
        />
        <TextField
          id="blocked-group"
          name="group"
          label="Group (GUID)"
          defaultValue={filters.group ?? ""}
          {...UID_INPUT}
        />
        <TextField
          id="blocked-sender"
          name="sender"
          label="Sender (UID)"
          defaultValue={filters.sender ?? ""}
          {...UID_INPUT}
        />
        <SelectField
          id="blocked-status"
          name="status"
          label="Show"
          defaultValue={filters.status}
          options={[
            { value: "pending", label: "Waiting for a decision" },
            { value: "all", label: "Every blocked message" },
          ]}
        />
        <div className="flex items-end gap-2">
          <Button type="submit">Filter</Button>
          <AppLink href="/reports/blocked" className={buttonClasses("secondary")}>
            Clear
          </AppLink>
        </div>
      </form>

      <Announcer focusTargetId="blocked-count">
        {filters.sender && canDecide && filters.status === "pending" && total > 0 && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-4">
            <p className="text-sm text-amber-950">
              {countOf(total, "blocked message", "blocked messages")} of <Uid uid={filters.sender} />{" "}
              {total === 1 ? "waits" : "wait"} for a decision.
            </p>
            <DecisionButtons
              target={{ kind: "sender", senderUid: filters.sender }}
              what={`every blocked message of ${filters.sender} (${countOf(total, "message", "messages")})`}
              size="md"
            />
          </div>
        )}

        <p id="blocked-count" tabIndex={-1} className="text-sm text-slate-700">
          {countOf(total, "message", "messages")}
          {filters.status === "pending" ? " waiting for a decision" : ""}.
        </p>

        {rows.length === 0 ? (
          <EmptyTable>
            {filters.status === "pending" ? "No blocked message waits for a decision." : "No blocked message matches."}
          </EmptyTable>
        ) : (
          <DataTable
            caption="Blocked messages, newest first"
            captionSrOnly
            columns={[
              "Blocked",
              "Sender",
              "Where",
              "Text",
              "Rule",
              "Status",
              ...(canDecide ? [{ label: "Decision", srOnly: true }] : []),
            ]}
          >
            {rows.map((row) => (
              <tr key={row.messageId}>
                <TableRowHeader className="text-sm font-normal">
                  <Time at={row.blockedAt} wrap />
                  <span className="block font-mono text-xs text-slate-600">#{row.messageId}</span>
                </TableRowHeader>
                <TableCell className="text-sm">
                  <Uid uid={row.senderUid} name={row.senderName} oneLine />
                  <AppLink
                    href={hrefWith(filters, { sender: row.senderUid })}
                    className="block text-xs text-brand-700 underline"
                  >
                    All from this sender
                  </AppLink>
                </TableCell>
                <TableCell className="text-sm">
                  {row.receiverType === "group" ? (
                    <AppLink href={groupHref(row.receiverId)} className="text-brand-700 underline">
                      {row.receiverName}
                    </AppLink>
                  ) : (
                    <Uid uid={row.receiverId} name={row.receiverName} oneLine />
                  )}
                </TableCell>
                <TableCell className="max-w-md text-sm">
                  <MessageText text={row.text} />
                </TableCell>
                <TableCell className="text-sm">
                  <AppLink href={`/rules/${encodeURIComponent(row.ruleId)}`} className="text-brand-700 underline">
                    {row.ruleName}
                  </AppLink>
                </TableCell>
                <TableCell>
                  <Badge
                    tone={row.status === "delivered" ? "success" : row.status === "pending" ? "warning" : "neutral"}
                  >
                    {STATUS_LABELS[row.status]}
                  </Badge>
                  {row.decidedByName && <span className="block text-xs text-slate-600">by {row.decidedByName}</span>}
                </TableCell>
                {canDecide && (
                  <TableCell>
                    {row.status === "pending" && (
                      <DecisionButtons
                        target={{ kind: "messages", messageIds: [row.messageId] }}
                        what={`message #${row.messageId} from ${row.senderUid}`}
                      />
                    )}
                  </TableCell>
                )}
              </tr>
            ))}
          </DataTable>
        )}
      </Announcer>
      <Pagination
        label="Pages of blocked messages"
        pages={{ current: filters.page, last, href: (page) => hrefWith(filters, { page }) }}
      />
    </div>
  );
}
