import { chatApiForJobs } from "@/lib/chat-api";
import type { Database } from "@/lib/db/client";
import { awaitBudgetPlace } from "@/lib/reports/budget";
import { indexedBlockedMessageOf, type IndexedBlockedMessage } from "./blocked-item";
import { recordBlockedPass, writeBlockedPass } from "./index-store";

/** Items a page of the blocked list: the vendor's most. */
const PAGE_SIZE = 1000;
/** 100,000 blocked messages waiting at most in one read. */
const MAX_PAGES = 100;

export type BlockedPassSummary = { seen: number; calls: number; gone: number; finishedAt: Date };

/** One complete read of the blocked list into the index, each page within the jobs' rate budget. */
export async function runBlockedIndexPass(db: Database, stopping: () => boolean): Promise<BlockedPassSummary> {
  const startedAt = new Date();
  const seen = new Map<string, IndexedBlockedMessage>();
  let calls = 0;
  try {
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      await awaitBudgetPlace(db, stopping);
      calls += 1;
      const { data } = await chatApiForJobs().listBlockedMessages({ limit: PAGE_SIZE, page });
      let fresh = 0;
      for (const item of data.data) {
        const message = indexedBlockedMessageOf(item, startedAt);
        if (message && !seen.has(message.messageId)) {
          seen.set(message.messageId, message);
          fresh += 1;
        }
      }
      // A service that pages by `limit` alone (the vendor documents no `page`) answers the same page again.
      if (data.data.length < PAGE_SIZE || fresh === 0) break;
    }
    const gone = await writeBlockedPass(db, [...seen.values()], startedAt);
    const finishedAt = new Date();
    await recordBlockedPass(db, { startedAt, finishedAt, calls, error: null });
    return { seen: seen.size, calls, gone, finishedAt };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordBlockedPass(db, { startedAt, finishedAt: null, calls, error: message });
    throw error;
  }
}
