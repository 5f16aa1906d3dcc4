import { randomUUID } from "node:crypto";
import { SYSTEM_ACTOR } from "@/lib/audit/actor";
import { appendAuditEvent } from "@/lib/audit/append";
import { getDb, type Database } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { defineWorker } from "@/lib/workers/define-worker";
import { groupActivity, type GroupActivity } from "./detect";
import { lastDismissedAt, raiseOrUpdate } from "./store";

/**
 * Watches the indexes of blocked and reported messages (kept within the rate budget by their own
 * workers) and raises "Possible raid in <group>" when a group crosses RAID_ALERT_MESSAGES messages from
 * RAID_ALERT_SENDERS senders within RAID_ALERT_MINUTES. It reads the console's database only, every few
 * seconds, so that a banner shows within 30 s of the raid's messages reaching an index. Every raised
 * alert is in the action log, under the console itself.
 */

const EVERY_MS = 5_000;

const crosses = (activity: GroupActivity, limits: { messages: number; senders: number }) =>
  activity.messages >= limits.messages && activity.senders >= limits.senders;

/** One look at the last minutes: alerts raised, and open ones brought up to date. */
export async function watchOnce(db: Database, now = new Date()): Promise<number> {
  const limits = getEnv().raidAlert;
  let raised = 0;
  for (const busy of await groupActivity(db, limits.minutes, now)) {
    if (!crosses(busy, limits)) continue;
    const dismissedAt = await lastDismissedAt(db, busy.guid);
    const activity =
      dismissedAt && dismissedAt.getTime() > now.getTime() - limits.minutes * 60_000
        ? (await groupActivity(db, limits.minutes, now, { guid: busy.guid, since: dismissedAt }))[0]
        : busy;
    if (!activity || !crosses(activity, limits)) continue;
    const alert = await raiseOrUpdate(db, activity, limits.minutes);
    if (!alert) continue;
    raised += 1;
    await appendAuditEvent({
      operationId: randomUUID(),
      actor: SYSTEM_ACTOR,
      action: "raid_alert.raise",
      outcome: "succeeded",
      affectedUids: [],
      requestBody: { guid: alert.guid },
      summary: {
        alertId: alert.id,
        guid: alert.guid,
        groupName: alert.groupName,
        messages: alert.messages,
        senders: alert.senders,
        blocked: alert.blocked,
        reported: alert.reported,
        windowMinutes: alert.windowMinutes,
        thresholds: limits,
      },
    });
  }
  return raised;
}

export const raidAlertWatcher = defineWorker<{ stopped: () => boolean }>({
  name: "raid alert watcher",
  everyMs: () => EVERY_MS,
  firstTick: "after interval",
  init: ({ stopped }) => ({ stopped }),
  tick: async () => {
    try {
      await watchOnce(await getDb());
    } catch (err) {
      log()
        .child({ component: "raid-alerts" })
        .warn({ err }, "the raid alert watcher could not look; it looks again shortly");
    }
  },
});
