import { and, eq, sql } from "drizzle-orm";
import { chunkLeaseMs } from "@/lib/chat-api/retry";
import type { Database } from "@/lib/db/client";
import { leaseEnd, newestRows, releaseLease, rowById } from "@/lib/db/rows";
import { getEnv } from "@/lib/env";
import { raidSearches, type RaidSearchCriteria, type RaidSearchSlice } from "@/lib/db/schema";
import type { FoundMessage } from "./criteria";

/**
 * The state changes of searches for a raid's senders. A search is claimed with a lease by one process
 * at a time; each page read is recorded in one statement (its messages, its senders' counts, the
 * slice's cursor), so that a search resumed after a restart neither loses nor counts twice a page.
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

/**
 * Records one page of a slice in one statement: the messages that matched (a message already
 * recorded, read again after a restart, is not counted twice), their senders' counts, first and last
 * times and a sample, and the slice's new cursor. False when the search is no longer this process's
 * to run (stopped, or taken over).
 */
export async function recordPage(
  db: Database,
  page: {
    searchId: string;
    owner: string;
    slice: number;
    state: RaidSearchSlice;
    scanned: number;
    progress: number;
    messages: FoundMessage[];
  },
): Promise<boolean> {
  const { searchId, owner } = page;
  const found = JSON.stringify(
    page.messages.map((message) => ({ ...message, text: message.text.slice(0, SAMPLE_CHARS) })),
  );
  const { rows } = (await db.execute(sql`
    with held as (
      select id from ${raidSearches} where id = ${searchId} and lease_owner = ${owner} and status = 'running'
    ),
    input as (
      select * from jsonb_to_recordset(${found}::jsonb)
        as found(id text, sender text, "sentAt" bigint, text text, name text, "accountCreatedAt" bigint)
    ),
    inserted as (
      insert into raid_search_messages (search_id, message_id, sender, sent_at)
      select ${searchId}, id, sender, "sentAt" from input where exists (select 1 from held)
      on conflict do nothing
      returning sender, sent_at
    ),
    counted as (
      select sender, count(*)::int as n, min(sent_at) as first_at, max(sent_at) as last_at from inserted group by sender
    ),
    earliest as (
      select distinct on (sender) sender, name, "accountCreatedAt", text from input order by sender, "sentAt", id
    ),
    senders as (
      insert into raid_search_senders (search_id, uid, name, account_created_at, messages, first_at, last_at, sample)
      select ${searchId}, counted.sender, earliest.name, earliest."accountCreatedAt", counted.n, counted.first_at,
        counted.last_at, earliest.text
      from counted join earliest using (sender)
      on conflict (search_id, uid) do update set
        messages = raid_search_senders.messages + excluded.messages,
        sample = case when excluded.first_at < raid_search_senders.first_at then excluded.sample else raid_search_senders.sample end,
        first_at = least(raid_search_senders.first_at, excluded.first_at),
        last_at = greatest(raid_search_senders.last_at, excluded.last_at)
    )
    update ${raidSearches} set
      cursors = jsonb_set(cursors, array[${String(page.slice)}]::text[], ${JSON.stringify(page.state)}::jsonb),
      scanned = scanned + ${page.scanned}, calls = calls + 1,
      matched = matched + (select count(*) from inserted),
      progress = ${page.progress}, updated_at = now(),
      lease_expires_at = ${leaseEnd(leaseSeconds())}
    where id in (select id from held)
    returning id`)) as unknown as { rows: unknown[] };
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
