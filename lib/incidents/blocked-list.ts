import type { ChatApiClient } from "@/lib/chat-api";
import { everyPage } from "./account-lists";

/** Every UID the blocker has blocked now, read page by page. */
export const currentlyBlocked = (client: ChatApiClient, blocker: string): Promise<Set<string>> =>
  everyPage(`GET /users/${encodeURIComponent(blocker)}/blockedusers`, (page, perPage) =>
    client.listBlockedUsers(blocker, { page, perPage }),
  );
