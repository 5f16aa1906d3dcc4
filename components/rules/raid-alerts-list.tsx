import { AppLink } from "@/components/ui/app-link";
import { Badge } from "@/components/ui/badge";
import { BarChart } from "@/components/ui/bar-chart";
import { EmptyTable } from "@/components/ui/table";
import { Time } from "@/components/ui/time";
import { countOf } from "@/lib/format/numbers";
import type { RaidAlert } from "@/lib/raid-alerts/store";
import { hrefOf } from "@/lib/url-state";

/** The alerts raised, newest first, each with its messages a minute. */
export function RaidAlertsList({ alerts }: { alerts: RaidAlert[] }) {
  if (alerts.length === 0)
    return (
      <EmptyTable>No raid alert yet: none of the groups has had a burst of blocked or reported messages.</EmptyTable>
    );
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {alerts.map((alert) => (
        <li key={alert.id} className="space-y-2 rounded-md border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium [overflow-wrap:anywhere]">
              {alert.groupName} <span className="font-mono text-xs text-slate-600">({alert.guid})</span>
            </p>
            <Badge tone={alert.status === "open" ? "warning" : "neutral"}>
              {alert.status === "open" ? "Open" : "Dismissed"}
            </Badge>
          </div>
          <p className="text-sm text-slate-700">
            {countOf(alert.messages, "message", "messages")} from {countOf(alert.senders, "account", "accounts")} in{" "}
            {alert.windowMinutes} minutes ({alert.blocked} blocked, {alert.reported} reported). Raised{" "}
            <Time at={alert.raisedAt} />
            {alert.dismissedAt && (
              <>
                ; dismissed by {alert.dismissedByName} <Time at={alert.dismissedAt} />
              </>
            )}
            .
          </p>
          <BarChart
            title={`Messages a minute in ${alert.groupName}`}
            values={alert.perMinute}
            labelOf={(index) => `Minute ${index + 1} of ${alert.windowMinutes}`}
            start={`${alert.windowMinutes} min before`}
            end="Raised"
            unit={["message", "messages"]}
          />
          <AppLink
            href={hrefOf("/reports/blocked", { group: alert.guid, status: "all" })}
            className="text-sm text-brand-700 underline"
          >
            Blocked messages in this group
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
