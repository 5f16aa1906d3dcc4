import type { ChatApiClient } from "@/lib/chat-api";

const PER_PAGE = 1000;

/** Every UID the blocker has blocked now, read page by page. */
export async function currentlyBlocked(client: ChatApiClient, blocker: string): Promise<Set<string>> {
  const blocked = new Set<string>();
  for (let page = 1; ; page += 1) {
    const answer = await client.listBlockedUsers(blocker, { page, perPage: PER_PAGE });
    for (const user of answer.data.data) blocked.add(user.uid);
    const pages = answer.data.meta?.pagination?.total_pages ?? 1;
    if (page >= pages || answer.data.data.length === 0) return blocked;
  }
}
