import { chatApiForJobs } from "@/lib/chat-api";
import { awaitBudgetPlace } from "./budget";
import type { Database } from "@/lib/db/client";
import { indexedReportOf, type IndexedReport } from "./flagged-item";
import { countMisses, recordPass, upsertReports } from "./index-store";

/** Items a page of the flagged list: its documented bound is 1000; 100 keeps each answer small. */
const FLAGGED_PAGE_SIZE = 100;
/**
 * Reads of one pass: a report missed by a read is confirmed by the next, so a report decided elsewhere
 * leaves the queue within one pass, and one skipped while the list moved stays.
 */
const MAX_READS = 3;
/** 100,000 open reports at most in one read: past that the service is not being moderated through a queue. */
const MAX_PAGES = 1000;

/** Reads the whole flagged list, page after page, each call within the budget. */
async function readFlaggedList(db: Database, stopping: () => boolean) {
  const readAt = new Date();
  const seen = new Map<string, IndexedReport>();
  let calls = 0;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    await awaitBudgetPlace(db, stopping);
    calls += 1;
    const { data } = await chatApiForJobs().listFlaggedMessages({ limit: FLAGGED_PAGE_SIZE, page });
    const items = data.data;
    // An item the list moved onto the next page while it was read comes twice: the later copy wins.
    for (const item of items) {
      const report = indexedReportOf(item, readAt);
      if (report) seen.set(report.messageId, report);
    }
    if (items.length < FLAGGED_PAGE_SIZE) break;
  }
  return { seen: [...seen.values()], calls };
}

export type PassSummary = { seen: number; calls: number; gone: number; startedAt: Date; finishedAt: Date };

/**
 * One complete read of the flagged list into the index: every report seen is written, and open
 * reports it missed count a miss. While some were missed once, another read confirms at once, so that
 * a report that left the list (decided elsewhere) leaves the queue within one pass, and one a read
 * skipped while the list moved under it does not.
 */
export async function runIndexPass(db: Database, stopping: () => boolean): Promise<PassSummary> {
  const startedAt = new Date();
  let calls = 0;
  let seenCount = 0;
  let gone = 0;
  try {
    for (let read = 0; read < MAX_READS; read += 1) {
      const readStartedAt = new Date();
      const { seen, calls: made } = await readFlaggedList(db, stopping);
      calls += made;
      seenCount = seen.length;
      await upsertReports(db, seen, readStartedAt);
      const misses = await countMisses(db, readStartedAt);
      gone += misses.gone;
      if (misses.missed === misses.gone) break;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordPass(db, { startedAt, finishedAt: null, calls, error: message });
    throw error;
  }
  const finishedAt = new Date();
  await recordPass(db, { startedAt, finishedAt, calls, error: null });
  return { seen: seenCount, calls, gone, startedAt, finishedAt };
}
