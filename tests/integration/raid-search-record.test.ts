import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../lib/db/client";
import { raidSearchPages, raidSearchSenders } from "../../lib/db/schema";
import { messageItem } from "../../lib/incidents/job-kinds";
import type { FoundMessage } from "../../lib/raid-search/criteria";
import { pageRecorder } from "../../lib/raid-search/recorder";
import { matchedMessageItems } from "../../lib/raid-search/senders";
import { claimSearch, createSearch, getSearch, recordPages, stopSearch } from "../../lib/raid-search/store";
import { databaseKinds } from "../support/console-server";
import { openTestDatabase } from "../support/database";

/**
 * A search's pages are recorded together (lib/raid-search/recorder.ts): one statement for the pages
 * read since the last record, their senders counted once each, and nothing at all once the search is
 * stopped or another process holds it.
 */
const OWNER = "process-a";
const message = (id: number, sender: string, sentAt: number, text = `spam ${id}`): FoundMessage => ({
  id: String(id),
  sender,
  sentAt,
  text,
  name: `Name of ${sender}`,
  accountCreatedAt: 1_600_000_000,
});
const slice = { from: 1000, to: 2000, cursor: null, done: false };

describe.each(await databaseKinds())("recording a search's pages on %s", (kind) => {
  let db: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(kind));
  });
  afterAll(() => close());

  async function runningSearch() {
    const created = await createSearch(db, {
      criteria: { where: { kind: "group", guid: "g" }, from: 1000, to: 2000, hasLinks: true },
      slices: [slice, { ...slice, from: 2001, to: 3000 }],
      createdBy: { id: null, email: "mod@example.com", role: "moderator" },
      operationId: crypto.randomUUID(),
    });
    const claimed = await claimSearch(db, OWNER);
    expect(claimed?.id).toBe(created.id);
    return created;
  }
  const sendersOf = (searchId: string) =>
    db.select().from(raidSearchSenders).where(eq(raidSearchSenders.searchId, searchId)).orderBy(raidSearchSenders.uid);

  it("counts each sender across records: messages, first and last, the first message's sample", async () => {
    const search = await runningSearch();
    const cursors = [{ ...slice, cursor: { affix: "prepend" as const, sentAt: 1500, id: "9" } }, slice];
    const first = await recordPages(db, {
      searchId: search.id,
      owner: OWNER,
      cursors,
      progress: 0.25,
      read: {
        calls: 2,
        scanned: 7,
        messages: [message(12, "raider-1", 1600), message(11, "raider-1", 1550), message(20, "raider-2", 1700)],
      },
    });
    expect(first).toBe(true);
    const second = await recordPages(db, {
      searchId: search.id,
      owner: OWNER,
      cursors: [{ ...cursors[0]!, done: true }, slice],
      progress: 0.5,
      read: {
        calls: 1,
        scanned: 3,
        messages: [message(5, "raider-1", 1200, "earliest"), message(30, "raider-1", 1900)],
      },
    });
    expect(second).toBe(true);

    const after = await getSearch(db, search.id);
    expect(after).toMatchObject({ calls: 3, scanned: 10, matched: 5, progress: 0.5 });
    expect(after?.cursors[0]).toMatchObject({ done: true, cursor: { sentAt: 1500, id: "9" } });
    expect(await sendersOf(search.id)).toMatchObject([
      { uid: "raider-1", messages: 4, firstAt: 1200, lastAt: 1900, sample: "earliest", name: "Name of raider-1" },
      { uid: "raider-2", messages: 1, firstAt: 1700, lastAt: 1700, sample: "spam 20" },
    ]);
    expect(await matchedMessageItems(db, search.id, ["raider-1"])).toEqual(
      ["5", "11", "12", "30"].map((id) => messageItem(id, "raider-1")),
    );
  });

  it("records nothing for a search stopped meanwhile, or held by another process", async () => {
    const search = await runningSearch();
    const read = { calls: 1, scanned: 1, messages: [message(1, "raider-9", 1100)] };
    const other = await recordPages(db, {
      searchId: search.id,
      owner: "process-b",
      cursors: [slice, slice],
      progress: 0,
      read,
    });
    expect(other).toBe(false);
    await stopSearch(db, search.id);
    const stopped = await recordPages(db, {
      searchId: search.id,
      owner: OWNER,
      cursors: [slice, slice],
      progress: 1,
      read,
    });
    expect(stopped).toBe(false);
    expect(await getSearch(db, search.id)).toMatchObject({ status: "stopped", calls: 0, scanned: 0, matched: 0 });
    expect(await sendersOf(search.id)).toEqual([]);
    expect(await db.select().from(raidSearchPages).where(eq(raidSearchPages.searchId, search.id))).toEqual([]);
  });

  it("keeps pages until a record is due, then records them in one statement with the slices' cursors", async () => {
    const search = await runningSearch();
    const slices = search.cursors.map((one) => ({ ...one }));
    const recorder = pageRecorder(db, { id: search.id, owner: OWNER }, slices);
    for (let page = 0; page < 3; page += 1) {
      const state = { ...slice, cursor: { affix: "prepend" as const, sentAt: 1900 - page, id: String(100 - page) } };
      expect(
        await recorder.add(0, state, { scanned: 2, matched: [message(100 - page, "raider-1", 1900 - page)] }),
      ).toBe(true);
    }
    // Added within the same second: nothing recorded yet.
    expect(await getSearch(db, search.id)).toMatchObject({ calls: 0, matched: 0 });
    expect(await recorder.flush()).toBe(true);
    expect(await getSearch(db, search.id)).toMatchObject({ calls: 3, scanned: 6, matched: 3 });
    expect((await getSearch(db, search.id))?.cursors[0]?.cursor).toEqual({ affix: "prepend", sentAt: 1898, id: "98" });
    expect(await db.select().from(raidSearchPages).where(eq(raidSearchPages.searchId, search.id))).toHaveLength(1);

    // Twenty-five pages waiting are recorded at once, without waiting for the second to pass.
    for (let page = 0; page < 25; page += 1)
      await recorder.add(1, { ...slice, from: 2001, to: 3000 }, { scanned: 1, matched: [] });
    expect(await getSearch(db, search.id)).toMatchObject({ calls: 28, scanned: 31, matched: 3 });

    await stopSearch(db, search.id);
    await recorder.add(1, { ...slice, from: 2001, to: 3000, done: true }, { scanned: 1, matched: [] });
    expect(await recorder.flush()).toBe(false);
    expect(await recorder.add(1, slice, { scanned: 1, matched: [] })).toBe(false);
    expect(await getSearch(db, search.id)).toMatchObject({ status: "stopped", calls: 28 });
  });
});
