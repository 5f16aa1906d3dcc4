import { ChatApiError, type ChatApiClient } from "@/lib/chat-api";

const PER_PAGE = 1000;
/**
 * Pages read at most: 50,000 UIDs, five times what incident mode acts on at once. Past it the service's
 * page count is not believed (a hostile or broken answer may claim 500,000,000).
 */
const MAX_PAGES = 50;

type UidPage = {
  data: { data: Array<{ uid: string }>; meta?: { pagination?: { total_pages?: number } } };
};

/** Reads every page of a paged list of users into a set of UIDs; a list longer than MAX_PAGES is an error. */
export async function everyPage(
  request: string,
  read: (page: number, perPage: number) => Promise<UidPage>,
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await read(page, PER_PAGE);
    const uids = answer.data.data;
    for (const user of uids) found.add(user.uid);
    if (page >= (answer.data.meta?.pagination?.total_pages ?? 1) || uids.length === 0) return found;
  }
  throw new ChatApiError({ kind: "malformed_response", request, attempts: MAX_PAGES, durationMs: 0 });
}

/** Every UID the chat service has deactivated now. */
export const deactivatedUids = (client: ChatApiClient): Promise<Set<string>> =>
  everyPage("GET /users?onlyDeactivated=true", (page, perPage) =>
    client.listUsers({ page, perPage, onlyDeactivated: true }),
  );

/** Every UID banned from the group now. */
export const bannedUids = (client: ChatApiClient, guid: string): Promise<Set<string>> =>
  everyPage(`GET /groups/${encodeURIComponent(guid)}/bannedusers`, (page, perPage) =>
    client.listBannedUsers(guid, { page, perPage }),
  );
