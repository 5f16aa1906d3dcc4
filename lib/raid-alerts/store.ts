import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { raidAlerts } from "@/lib/db/schema";
import type { GroupActivity } from "./detect";

export type RaidAlert = typeof raidAlerts.$inferSelect;

/** The open alerts, newest first: every moderator's banner. */
export async function openRaidAlerts(db: Database): Promise<RaidAlert[]> {
  return db.select().from(raidAlerts).where(eq(raidAlerts.status, "open")).orderBy(desc(raidAlerts.raisedAt));
}

/** The latest alerts of every status, for the Rules page. */
export async function recentRaidAlerts(db: Database, limit = 20): Promise<RaidAlert[]> {
  return db.select().from(raidAlerts).orderBy(desc(raidAlerts.raisedAt)).limit(limit);
}

/** The group's last dismissal, if any: a raid goes on being watched after it, counting only what came since. */
export async function lastDismissedAt(db: Database, guid: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ dismissedAt: raidAlerts.dismissedAt })
    .from(raidAlerts)
    .where(and(eq(raidAlerts.guid, guid), eq(raidAlerts.status, "dismissed")))
    .orderBy(desc(raidAlerts.dismissedAt))
    .limit(1);
  return row?.dismissedAt ?? undefined;
}

/** Raises an alert for the group, or brings its open one up to date; the new alert when one was raised. */
export async function raiseOrUpdate(
  db: Database,
  activity: GroupActivity,
  windowMinutes: number,
): Promise<RaidAlert | undefined> {
  const counts = {
    groupName: activity.groupName,
    messages: activity.messages,
    senders: activity.senders,
    blocked: activity.blocked,
    reported: activity.reported,
    perMinute: activity.perMinute,
    windowMinutes,
  };
  const updated = await db
    .update(raidAlerts)
    .set({ ...counts, updatedAt: new Date() })
    .where(and(eq(raidAlerts.guid, activity.guid), eq(raidAlerts.status, "open")))
    .returning({ id: raidAlerts.id });
  if (updated.length > 0) return undefined;
  // The partial unique index keeps one open alert a group, whichever process raises it first.
  const [raised] = await db
    .insert(raidAlerts)
    .values({ guid: activity.guid, ...counts })
    .onConflictDoNothing({ target: raidAlerts.guid, where: sql`${raidAlerts.status} = 'open'` })
    .returning();
  return raised;
}

/** "Dismiss": the alert closes; true when this call closed it. */
export async function dismissRaidAlert(db: Database, alertId: string, by: { id: string; name: string }) {
  const [row] = await db
    .update(raidAlerts)
    .set({ status: "dismissed", dismissedById: by.id, dismissedByName: by.name, dismissedAt: new Date() })
    .where(and(eq(raidAlerts.id, alertId), eq(raidAlerts.status, "open")))
    .returning();
  return row;
}

export async function getRaidAlert(db: Database, alertId: string): Promise<RaidAlert | undefined> {
  const [row] = await db.select().from(raidAlerts).where(eq(raidAlerts.id, alertId));
  return row;
}
