import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { blockedMessages, reports } from "@/lib/db/schema";

/**
 * What a raid looks like from the console's indexes: in one group, within the window, messages that
 * the rules blocked (the blocked messages' index) or that people reported (the reports' index),
 * each message counted once, and the accounts that sent them.
 */

export type GroupActivity = {
  guid: string;
  groupName: string;
  messages: number;
  senders: number;
  blocked: number;
  reported: number;
  /** Messages a minute, oldest minute first, over the window. */
  perMinute: number[];
};

type Row = { guid: string; group_name: string; message_id: string; sender: string; at: string | Date; source: string };

/** Every group's blocked and reported messages of the last `minutes`, busiest first. */
export async function groupActivity(
  db: Database,
  minutes: number,
  now = new Date(),
  only?: { guid: string; since: Date },
): Promise<GroupActivity[]> {
  const start = new Date(now.getTime() - minutes * 60_000);
  // After a dismissal, a group's raid counts again from the dismissal on.
  const since = only && only.since > start ? only.since : start;
  const group = (column: typeof blockedMessages.receiverId | typeof reports.receiverId) =>
    only ? sql` and ${column} = ${only.guid}` : sql``;
  const { rows } = (await db.execute(sql`
    select ${blockedMessages.receiverId} as guid, ${blockedMessages.receiverName} as group_name,
      ${blockedMessages.messageId} as message_id, ${blockedMessages.senderUid} as sender,
      ${blockedMessages.blockedAt} as at, 'blocked' as source
    from ${blockedMessages}
    where ${blockedMessages.receiverType} = 'group' and ${blockedMessages.blockedAt} >= ${since.toISOString()}${group(blockedMessages.receiverId)}
    union all
    select ${reports.receiverId}, ${reports.receiverName}, ${reports.messageId}, ${reports.senderUid},
      ${reports.lastFlaggedAt}, 'reported'
    from ${reports}
    where ${reports.receiverType} = 'group' and ${reports.lastFlaggedAt} >= ${since.toISOString()}${group(reports.receiverId)}
  `)) as unknown as { rows: Row[] };
  const groups = new Map<
    string,
    { name: string; messages: Map<string, string>; blocked: Set<string>; reported: Set<string>; perMinute: number[] }
  >();
  for (const row of rows) {
    let group = groups.get(row.guid);
    if (!group) {
      group = {
        name: row.group_name,
        messages: new Map(),
        blocked: new Set(),
        reported: new Set(),
        perMinute: new Array<number>(minutes).fill(0),
      };
      groups.set(row.guid, group);
    }
    (row.source === "blocked" ? group.blocked : group.reported).add(row.message_id);
    if (group.messages.has(row.message_id)) continue;
    group.messages.set(row.message_id, row.sender);
    const at = new Date(row.at).getTime();
    const minute = Math.min(minutes - 1, Math.max(0, Math.floor((at - start.getTime()) / 60_000)));
    group.perMinute[minute] = (group.perMinute[minute] ?? 0) + 1;
  }
  return [...groups.entries()]
    .map(([guid, group]) => ({
      guid,
      groupName: group.name || guid,
      messages: group.messages.size,
      senders: new Set(group.messages.values()).size,
      blocked: group.blocked.size,
      reported: group.reported.size,
      perMinute: group.perMinute,
    }))
    .sort((a, b) => b.messages - a.messages);
}
