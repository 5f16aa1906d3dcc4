import { ChatApiError, type ChatApiClient } from "@/lib/chat-api";

const PER_PAGE = 1000;
/**
 * Pages read at most: 50,000 blocked users, five times what incident mode blocks at once. Past it
 * the service's page count is not believed (a hostile or broken answer may claim 500,000,000).
 */
const MAX_PAGES = 50;

/** Every UID the blocker has blocked now, read page by page. */
export async function currentlyBlocked(client: ChatApiClient, blocker: string): Promise<Set<string>> {
  const blocked = new Set<string>();
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await client.listBlockedUsers(blocker, { page, perPage: PER_PAGE });
    for (const user of answer.data.data) blocked.add(user.uid);
    const pages = answer.data.meta?.pagination?.total_pages ?? 1;
    if (page >= pages || answer.data.data.length === 0) return blocked;
  }
  throw new ChatApiError({
    kind: "malformed_response",
    request: `GET /users/${encodeURIComponent(blocker)}/blockedusers`,
    attempts: MAX_PAGES,
    durationMs: 0,
  });
}
