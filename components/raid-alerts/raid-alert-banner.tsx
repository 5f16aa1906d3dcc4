"use client";

import { AppLink } from "@/components/ui/app-link";
import { useState } from "react";
import { ActionFailure } from "@/components/ui/action-failure";
import { Button, buttonClasses } from "@/components/ui/button";
import { useServerAction } from "@/lib/actions/use-server-action";
import { countOf, formatCount } from "@/lib/format/numbers";
import { dismissRaidAlertAction } from "@/lib/raid-alerts/actions/dismiss-raid-alert";
import type { RaidAlertView } from "@/lib/raid-alerts/view";
import { raidAlertsRead } from "@/lib/reads/urls";
import { useLiveRead } from "@/lib/reads/use-live-read";
import { hrefOf } from "@/lib/url-state";

/** Read often: a raid's banner shows within 30 s of its messages reaching the console's indexes. */
const POLL_MS = 5_000;

const UNANSWERED =
  "The console's server did not answer, so it is not known whether the alert was dismissed. It goes when the banner is next read.";

/** "Possible raid in <group>: N messages from M accounts in the last 10 minutes". */
const raidAlertTitle = (alert: RaidAlertView) =>
  `Possible raid in ${alert.groupName}: ${countOf(alert.messages, "message", "messages")} from ${countOf(alert.senders, "account", "accounts")} in the last ${formatCount(alert.windowMinutes)} minutes`;

function AlertRow({ alert, canAct, onDismissed }: { alert: RaidAlertView; canAct: boolean; onDismissed: () => void }) {
  const dismiss = useServerAction(dismissRaidAlertAction, { unanswered: UNANSWERED });
  const findAccounts = hrefOf(
    "/incidents",
    { findGroup: alert.guid, findFrom: alert.from, findTo: alert.to },
    "#find-accounts",
  );
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2">
      <p className="min-w-0 font-semibold [overflow-wrap:anywhere]">
        {raidAlertTitle(alert)}
        <span className="sr-only"> (group {alert.guid})</span>
      </p>
      {canAct && (
        <div className="flex shrink-0 flex-wrap gap-2">
          <AppLink href={findAccounts} className={buttonClasses("primary", "sm")}>
            Find accounts
          </AppLink>
          <Button
            variant="secondary"
            size="sm"
            busy={dismiss.pending}
            onClick={() =>
              void dismiss.run({ alertId: alert.id }, (answer) => {
                if (answer.ok) onDismissed();
              })
            }
          >
            Dismiss
          </Button>
        </div>
      )}
      {dismiss.failure && (
        <div className="w-full">
          <ActionFailure failure={dismiss.failure} />
        </div>
      )}
    </li>
  );
}

/**
 * The raid alerts on every page, read again every few seconds from a GET route. Moderators and admins
 * get "Find accounts" (the search form filled in with the group and the window) and "Dismiss"; support
 * sees the alert without them.
 */
export function RaidAlertBanner({ initial, canAct }: { initial: RaidAlertView[]; canAct: boolean }) {
  const [alerts, setAlerts] = useState(initial);
  const refresh = useLiveRead<{ alerts: RaidAlertView[] }>(raidAlertsRead.url, {
    everyMs: POLL_MS,
    onAnswer: (answer) => {
      if (answer.ok) setAlerts(answer.data.alerts);
    },
  });
  if (alerts.length === 0) return null;
  return (
    <section aria-label="Raid alerts" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <ul aria-live="assertive" className="mx-auto max-w-6xl divide-y divide-amber-200 px-4 text-sm sm:px-6">
        {alerts.map((alert) => (
          <AlertRow
            key={alert.id}
            alert={alert}
            canAct={canAct}
            onDismissed={() => {
              setAlerts((shown) => shown.filter((other) => other.id !== alert.id));
              void refresh();
            }}
          />
        ))}
      </ul>
    </section>
  );
}
