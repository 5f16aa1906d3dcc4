import "server-only";
import { chatApi, ChatApiError } from "@/lib/chat-api";

/** The flagged list is read a page of this many at a time, and at most so many pages for one view. */
const PER_PAGE = 1000;
const MAX_PAGES = 5;

/**
 * How many open reports each message has, read from the chat service's flagged list (which has no
 * filter by message): a map of message id to count, or null when the list could not be read, so
 * that a page says "not known" rather than "no reports".
 */
export async function openReportCounts(): Promise<Map<string, number> | null> {
  const counts = new Map<string, number>();
  try {
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const answer = await chatApi().listFlaggedMessages({ limit: PER_PAGE, page });
      for (const item of answer.data.data)
        counts.set(String(item.id), item.flaggedCount ?? item.flaggedBy?.length ?? 0);
      if (answer.data.data.length < PER_PAGE) break;
    }
  } catch (error) {
    if (error instanceof ChatApiError) return null;
    throw error;
  }
  return counts;
}
