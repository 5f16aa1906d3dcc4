import type { Database } from "@/lib/db/client";
import { openRaidAlerts } from "./store";

/** An open alert as the banner shows it; times as ISO strings, the window's ends for "Find accounts". */
export type RaidAlertView = {
  id: string;
  guid: string;
  groupName: string;
  messages: number;
  senders: number;
  windowMinutes: number;
  raisedAt: string;
  /** The window "Find accounts" opens with: from its start to now. */
  from: string;
  to: string;
};

export async function raidAlertsView(db: Database, now = new Date()): Promise<RaidAlertView[]> {
  return (await openRaidAlerts(db)).map((alert) => ({
    id: alert.id,
    guid: alert.guid,
    groupName: alert.groupName,
    messages: alert.messages,
    senders: alert.senders,
    windowMinutes: alert.windowMinutes,
    raisedAt: alert.raisedAt.toISOString(),
    from: new Date(Math.min(alert.raisedAt.getTime(), now.getTime()) - alert.windowMinutes * 60_000).toISOString(),
    to: now.toISOString(),
  }));
}
