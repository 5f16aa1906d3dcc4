import { and, eq, sql } from "drizzle-orm";
import { chunkLeaseMs } from "@/lib/chat-api/retry";
import type { Database } from "@/lib/db/client";
import { leaseEnd, newestRows, releaseLease, rowById } from "@/lib/db/rows";
import { getEnv } from "@/lib/env";
import { storableText } from "@/lib/security/bounded-json";
import {
  raidSearchPages,
  raidSearchSenders,
  raidSearches,
  type MatchedMessage,
  type RaidSearchCriteria,
  type RaidSearchSlice,
} from "@/lib/db/schema";
import type { FoundMessage } from "./criteria";

/**
 * The state changes of searches for a raid's senders. A search is claimed with a lease by one process
 * at a time; the pages it reads are recorded together, in one statement (their messages, their
 * senders' counts, the slices' cursors), so that a search resumed after a restart neither loses nor
 * counts twice a page.
 */

export type RaidSearch = typeof raidSearches.$inferSelect;

/** How long a process holds a search between two pages: past a call's own bound, as a chunk's lease is. */
const leaseSeconds = () => chunkLeaseMs(getEnv().chatApiTimeoutMs) / 1000;
/** The most characters of a sample message kept. */
const SAMPLE_CHARS = 500;

export async function createSearch(
  db: Database,
  search: {
    criteria: RaidSearchCriteria;
    slices: RaidSearchSlice[];
    createdBy: { id: string | null; email: string; role: string };
    operationId: string;
  },
): Promise<RaidSearch> {
  const [created] = await db
    .insert(raidSearches)
    .values({
      status: "running",
      criteria: search.criteria,
      cursors: search.slices,
      createdById: search.createdBy.id,
      createdByEmail: search.createdBy.email,
      createdByRole: search.createdBy.role,
      operationId: search.operationId,
    })
    .returning();
  return created!;
}

export const getSearch = (db: Database, id: string): Promise<RaidSearch | undefined> => rowById(db, raidSearches, id);

export const recentSearches = (db: Database, limit = 10): Promise<RaidSearch[]> => newestRows(db, raidSearches, limit);

/** Takes a running search no process holds (or whose holder's lease ran out), oldest first. */
export async function claimSearch(db: Database, owner: string): Promise<RaidSearch | undefined> {
  const { rows } = (await db.execute(sql`
    update ${raidSearches} set lease_owner = ${owner}, lease_expires_at = ${leaseEnd(leaseSeconds())}
    where id = (
      select id from ${raidSearches}
      where status = 'running' and (lease_expires_at is null or lease_expires_at <= now())
      order by created_at limit 1 for update skip locked)
    returning id`)) as unknown as { rows: Array<{ id: string }> };
  return rows[0] ? getSearch(db, rows[0].id) : undefined;
}

/**
 * A fresh lease while the search waits for its place in the rate budget; false when it is no longer
 * this process's to run (stopped, or taken over).
 */
export async function renewSearchLease(db: Database, id: string, owner: string): Promise<boolean> {
  const renewed = await db
    .update(raidSearches)
    .set({ leaseExpiresAt: leaseEnd(leaseSeconds()) })
    .where(and(eq(raidSearches.id, id), eq(raidSearches.leaseOwner, owner), eq(raidSearches.status, "running")))
    .returning({ id: raidSearches.id });
  return renewed.length > 0;
}

/** Gives a search back at shutdown: another process takes it up at once, from its slices' cursors. */
export async function releaseSearch(db: Database, id: string, owner: string): Promise<void> {
  await releaseLease(db, raidSearches, "leaseExpiresAt", { id, owner });
}

/** Pages read since the last record: their calls, the messages they held, and those that matched. */
export type PagesRead = { calls: number; scanned: number; messages: FoundMessage[] };

/**
 * Each sender's messages among `messages`: how many, the first and last, and the first's name, account
 * and text (a sample).
 */
function sendersOf(messages: FoundMessage[]) {
  const senders = new Map<string, { first: FoundMessage; count: number; lastAt: number }>();
  for (const message of messages) {
    const sender = senders.get(message.sender);
    if (!sender) {
      senders.set(message.sender, { first: message, count: 1, lastAt: message.sentAt });
      continue;
    }
    sender.count += 1;
    sender.lastAt = Math.max(sender.lastAt, message.sentAt);
    const { first } = sender;
    if (message.sentAt < first.sentAt || (message.sentAt === first.sentAt && message.id < first.id))
      sender.first = message;
  }
  return [...senders.entries()].map(([uid, { first, count, lastAt }]) => ({
    uid,
    name: storableText(first.name),
    accountCreatedAt: first.accountCreatedAt,
    messages: count,
    firstAt: first.sentAt,
    lastAt,
    sample: storableText(first.text.slice(0, SAMPLE_CHARS)),
  }));
}

/**
 * Records the pages read since the last record in one statement: the slices' cursors after them, the
 * messages that matched (what "Delete their messages" deletes) and their senders' counts, first and
 * last times and a sample. The statement first takes the search's row, running and still this
 * process's, so that nothing is recorded for a search stopped or taken over meanwhile, and a search
 * resumed after a restart reads again exactly the pages not recorded: none is lost or counted twice.
 * Both lists go as JSON text, written here rather than by the database's own thread.
 * False when the search is no longer this process's to run.
 */
export async function recordPages(
  db: Database,
  record: { searchId: string; owner: string; cursors: RaidSearchSlice[]; progress: number; read: PagesRead },
): Promise<boolean> {
  const { searchId, owner, read } = record;
  const matched: MatchedMessage[] = read.messages.map((message) => [message.id, message.sender, message.sentAt]);
  const { rows } = (await db.execute(sql`
    with held as (
      update ${raidSearches} set
        cursors = ${JSON.stringify(record.cursors)}::jsonb,
        scanned = scanned + ${read.scanned}, calls = calls + ${read.calls}, matched = matched + ${matched.length},
        progress = ${record.progress}, updated_at = now(), lease_expires_at = ${leaseEnd(leaseSeconds())}
      where id = ${searchId} and lease_owner = ${owner} and status = 'running'
      returning id
    ),
    pages as (
      insert into ${raidSearchPages} (search_id, messages)
      select id, ${JSON.stringify(matched)}::json from held where ${matched.length} > 0
    ),
    senders as (
      insert into ${raidSearchSenders} (search_id, uid, name, account_created_at, messages, first_at, last_at, sample)
      select held.id, found.* from held, json_to_recordset(${JSON.stringify(sendersOf(read.messages))}::json)
        as found(uid text, name text, "accountCreatedAt" bigint, messages int, "firstAt" bigint, "lastAt" bigint, sample text)
      on conflict (search_id, uid) do update set
        messages = raid_search_senders.messages + excluded.messages,
        sample = case when excluded.first_at < raid_search_senders.first_at then excluded.sample else raid_search_senders.sample end,
        first_at = least(raid_search_senders.first_at, excluded.first_at),
        last_at = greatest(raid_search_senders.last_at, excluded.last_at)
    )
    select id from held`)) as unknown as { rows: unknown[] };
  return rows.length > 0;
}

/** Ends a search this process runs: every slice read, or a failure that no retry mends. */
export async function endSearch(
  db: Database,
  id: string,
  owner: string,
  end: { status: "completed" } | { status: "failed"; lastError: string },
): Promise<void> {
  await db
    .update(raidSearches)
    .set({
      ...end,
      ...(end.status === "completed" ? { progress: 1 } : {}),
      finishedAt: new Date(),
      updatedAt: new Date(),
      leaseOwner: null,
      leaseExpiresAt: null,
    })
    .where(and(eq(raidSearches.id, id), eq(raidSearches.leaseOwner, owner), eq(raidSearches.status, "running")));
}

/** Notes a failed page without ending the search: it is tried again. */
export async function noteSearchError(db: Database, id: string, lastError: string): Promise<void> {
  await db.update(raidSearches).set({ lastError, updatedAt: new Date() }).where(eq(raidSearches.id, id));
}

/** "Stop": a running search ends where it is; what it found stays. Undefined when it was not running. */
export async function stopSearch(db: Database, id: string): Promise<RaidSearch | undefined> {
  const [stopped] = await db
    .update(raidSearches)
    .set({ status: "stopped", finishedAt: new Date(), updatedAt: new Date(), leaseOwner: null, leaseExpiresAt: null })
    .where(and(eq(raidSearches.id, id), eq(raidSearches.status, "running")))
    .returning();
  return stopped;
}
