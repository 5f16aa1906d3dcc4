import { AppLink } from "@/components/ui/app-link";
import type { ReactNode } from "react";
import { ApprovalBadge } from "@/components/layout/approval-badge";
import { ConsoleNav, type NavItem } from "@/components/layout/console-nav";
import { OpenReportsBadge } from "@/components/reports/open-reports-badge";
import { getDb } from "@/lib/db/client";
import { approvalRequestsFor } from "@/lib/approvals/requests";
import { openReportCount } from "@/lib/reports/queries";
import { raidAlertsView } from "@/lib/raid-alerts/view";
import { RaidAlertBanner } from "@/components/raid-alerts/raid-alert-banner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { signOutAction } from "@/lib/auth/actions/sign-out";
import { can, ROLE_LABELS } from "@/lib/roles";
import { requireOperator } from "@/lib/auth/session";
import { isEmbeddedMode } from "@/lib/env";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const operator = await requireOperator();
  const mayBlock = can(operator.role, "users.block");
  const waiting = mayBlock ? (await approvalRequestsFor(await getDb(), operator)).waitingForYou : 0;
  const mayReadReports = can(operator.role, "reports.read");
  const openReports = mayReadReports ? await openReportCount(await getDb()) : 0;
  const mayReadRules = can(operator.role, "rules.read");
  const alerts = mayReadRules ? await raidAlertsView(await getDb()) : [];
  const items: NavItem[] = [
    ...(can(operator.role, "users.read") ? [{ href: "/users", label: "Users" }] : []),
    ...(mayReadReports
      ? [{ href: "/reports", label: "Reports", badge: <OpenReportsBadge initial={openReports} /> }]
      : []),
    ...(mayReadRules
      ? [
          {
            href: "/rules",
            label: "Rules",
          },
        ]
      : []),
    ...(can(operator.role, "incidents.read")
      ? [
          {
            href: "/incidents",
            label: "Incidents",
            ...(mayBlock ? { badge: <ApprovalBadge initial={waiting} /> } : {}),
          },
        ]
      : []),
    ...(can(operator.role, "audit.read.all") || can(operator.role, "audit.read.own")
      ? [{ href: "/audit", label: "Action log" }]
      : []),
    ...(can(operator.role, "operators.manage") ? [{ href: "/operators", label: "Operators" }] : []),
  ];

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-3 sm:px-6 lg:flex-nowrap">
          <AppLink
            href="/"
            className="flex shrink-0 items-center gap-2 text-base font-semibold tracking-tight whitespace-nowrap"
          >
            {/* next/image writes an inline style, which the Content-Security-Policy blocks; an SVG needs no optimising. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src="/icon.svg" alt="" width={24} height={24} />
            Moderator Console
          </AppLink>
          <ConsoleNav
            items={items}
            operatorMenu={
              <div className="flex flex-wrap items-center gap-3 text-sm lg:min-w-0 lg:flex-nowrap">
                <Badge tone={isEmbeddedMode() ? "info" : "neutral"}>
                  {isEmbeddedMode() ? "Embedded chat API" : "Hosted chat API"}
                </Badge>
                {/* From 1024 to 1280 px the email is for screen readers and the title only, so that the header keeps to one row. */}
                <span
                  title={`${operator.name} (${operator.email})`}
                  className="min-w-0 text-slate-700 [overflow-wrap:anywhere] lg:truncate xl:max-w-xs"
                >
                  <span className="font-medium">{operator.name}</span>{" "}
                  <span className="text-slate-500 lg:sr-only xl:not-sr-only">({operator.email})</span>
                </span>
                <Badge>{ROLE_LABELS[operator.role]}</Badge>
                <form action={signOutAction} className="shrink-0">
                  <Button type="submit" variant="secondary" size="sm">
                    Sign out
                  </Button>
                </form>
              </div>
            }
          />
        </div>
      </header>
      {mayReadRules && <RaidAlertBanner initial={alerts} canAct={can(operator.role, "rules.manage")} />}
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
