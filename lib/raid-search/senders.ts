import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { chatApi } from "@/lib/chat-api";
import type { Database } from "@/lib/db/client";
import { raidSearchPages, raidSearchSenders, type RaidSearchCriteria } from "@/lib/db/schema";
import { bannedUids, deactivatedUids } from "@/lib/incidents/account-lists";
import { currentlyBlocked } from "@/lib/incidents/blocked-list";
import { messageItem } from "@/lib/incidents/job-kinds";
import { noteCounts } from "@/lib/notes/queries";

/**
 * What a search found, read in SQL a page at a time whatever its size: the senders, most messages
 * first, filtered by UID or name; and, for the page shown, what the chat service says of each now
 * (blocked by the chosen user, deactivated, banned from the group), read fresh so that no result is
 * stale after an action.
 */

const SENDERS_PER_PAGE = 100;

export type Sender = typeof raidSearchSenders.$inferSelect;
/** What the chat service says of a sender now; null where it was not read (no user or group chosen, or the search runs). */
type SenderStatus = { blocked: boolean | null; deactivated: boolean | null; banned: boolean | null };
/** `notes`: how many notes operators wrote on the sender, read with the page. */
export type SenderRow = Omit<Sender, "searchId"> & SenderStatus & { notes: number };

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function matching(searchId: string, filter: string): SQL | undefined {
  const where = eq(raidSearchSenders.searchId, searchId);
  if (!filter) return where;
  const pattern = `%${literal(filter)}%`;
  return and(where, or(ilike(raidSearchSenders.uid, pattern), ilike(raidSearchSenders.name, pattern)));
}

/** The state the chat service shows now of the senders on a page: one read of each list, not one a UID. */
async function senderStatuses(criteria: RaidSearchCriteria, uids: string[]): Promise<Map<string, SenderStatus>> {
  const client = chatApi();
  const guid = criteria.where.kind === "group" ? criteria.where.guid : undefined;
  const [deactivated, banned, blocked] = await Promise.all([
    deactivatedUids(client),
    guid ? bannedUids(client, guid) : undefined,
    criteria.blockedBy ? currentlyBlocked(client, criteria.blockedBy) : undefined,
  ]);
  return new Map(
    uids.map((uid) => [
      uid,
      {
        deactivated: deactivated.has(uid),
        banned: banned ? banned.has(uid) : null,
        blocked: blocked ? blocked.has(uid) : null,
      },
    ]),
  );
}

export type SendersPage = { rows: SenderRow[]; total: number; page: number; pages: number; filter: string };

/** One page of the senders, most messages first, with their state now. */
export async function sendersPage(
  db: Database,
  criteria: RaidSearchCriteria,
  query: { searchId: string; filter: string; page: number },
  { statuses: withStatuses }: { statuses: boolean },
): Promise<SendersPage> {
  const where = matching(query.searchId, query.filter);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(raidSearchSenders).where(where);
  const pages = Math.max(1, Math.ceil(total / SENDERS_PER_PAGE));
  const page = Math.min(query.page, pages);
  const senders = await db
    .select()
    .from(raidSearchSenders)
    .where(where)
    .orderBy(desc(raidSearchSenders.messages), asc(raidSearchSenders.uid))
    .limit(SENDERS_PER_PAGE)
    .offset((page - 1) * SENDERS_PER_PAGE);
  const uids = senders.map((sender) => sender.uid);
  const [statuses, notes] = await Promise.all([
    withStatuses && senders.length > 0 ? senderStatuses(criteria, uids) : new Map<string, SenderStatus>(),
    noteCounts(db, uids),
  ]);
  const rows = senders.map((sender) => ({
    uid: sender.uid,
    name: sender.name,
    accountCreatedAt: sender.accountCreatedAt,
    messages: sender.messages,
    firstAt: sender.firstAt,
    lastAt: sender.lastAt,
    sample: sender.sample,
    ...(statuses.get(sender.uid) ?? { blocked: null, deactivated: null, banned: null }),
    notes: notes.get(sender.uid) ?? 0,
  }));
  return { rows, total, page, pages, filter: query.filter };
}

/** Every sender's UID that the filter matches, most messages first: "Select all". */
export async function allSenderUids(db: Database, searchId: string, filter: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ uid: raidSearchSenders.uid })
    .from(raidSearchSenders)
    .where(matching(searchId, filter))
    .orderBy(desc(raidSearchSenders.messages), asc(raidSearchSenders.uid))
    .limit(limit);
  return rows.map((row) => row.uid);
}

/** Every sender of the search, for its CSV, a batch at a time. */
export async function sendersBatch(db: Database, searchId: string, after: number, limit: number): Promise<Sender[]> {
  return db
    .select()
    .from(raidSearchSenders)
    .where(eq(raidSearchSenders.searchId, searchId))
    .orderBy(desc(raidSearchSenders.messages), asc(raidSearchSenders.uid))
    .limit(limit)
    .offset(after);
}

/** The messages of these senders the search matched, as a deletion job's items, oldest first. */
export async function matchedMessageItems(db: Database, searchId: string, uids: string[]): Promise<string[]> {
  const { rows } = (await db.execute(sql`
    select found->>0 as id, found->>1 as sender
    from ${raidSearchPages} page, json_array_elements(page.messages) as found
    where page.search_id = ${searchId} and found->>1 = any(${sql.param(uids)}::text[])
    order by (found->>2)::bigint, found->>0`)) as unknown as { rows: Array<{ id: string; sender: string }> };
  return rows.map((row) => messageItem(row.id, row.sender));
}
