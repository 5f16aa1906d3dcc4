import type { z } from "zod";
import { queryOf } from "./moderation-calls";
import { chatGroupSchema, pageOf } from "./schemas";
import type { ChatApiResult, createTransport } from "./transport";

/** `GET /groups`: groups whose GUID starts with `searchKey` or whose name contains it, by name then GUID. */
const groupsPageSchema = pageOf(chatGroupSchema);
type GroupsPage = z.output<typeof groupsPageSchema>;

export type GroupCalls = {
  listGroups(search: { searchKey?: string; page: number; perPage: number }): Promise<ChatApiResult<GroupsPage>>;
};

/** The group listing, sent through the client's one transport (for search, where groups appear beside users). */
export function groupCalls(send: ReturnType<typeof createTransport>): GroupCalls {
  return {
    listGroups: ({ searchKey, page, perPage }) =>
      send(
        { method: "GET", path: `/groups?${queryOf({ searchKey: searchKey || undefined, perPage, page })}` },
        groupsPageSchema,
      ),
  };
}
