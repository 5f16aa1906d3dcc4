import "server-only";
import { chatApi, ChatApiError, type Pagination } from "@/lib/chat-api";
import type { ChatGroup } from "@/lib/chat-api/moderation-schemas";

/** Members and banned users a page shows. */
const GROUP_USERS_PER_PAGE = 25;

/** A group member or banned user as the page lists them: plain data, for client components too. */
type GroupUserRow = {
  uid: string;
  name: string | null;
  scope: string | null;
  /** When they joined (members), or were banned (banned users); Unix seconds. */
  at: number | null;
};

export type GroupUsersView = { rows: GroupUserRow[]; pagination: Pagination | undefined } | { error: string };

const secondsOf = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const textOf = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

function rowOf(record: Record<string, unknown> & { uid: string }, at: "joinedAt" | "bannedAt"): GroupUserRow {
  return { uid: record.uid, name: textOf(record.name), scope: textOf(record.scope), at: secondsOf(record[at]) };
}

async function listed(
  read: () => Promise<{
    data: { data: Array<Record<string, unknown> & { uid: string }>; meta?: { pagination?: Pagination } };
  }>,
  at: "joinedAt" | "bannedAt",
): Promise<GroupUsersView> {
  try {
    const answer = await read();
    return { rows: answer.data.data.map((record) => rowOf(record, at)), pagination: answer.data.meta?.pagination };
  } catch (error) {
    if (error instanceof ChatApiError) return { error: error.userMessage };
    throw error;
  }
}

/** A page of the group's members, in joining order, each with their scope and when they joined. */
export const readGroupMembers = (guid: string, page: number) =>
  listed(() => chatApi().listGroupMembers(guid, { page, perPage: GROUP_USERS_PER_PAGE }), "joinedAt");

/** A page of the users banned from the group, the latest ban first. */
export const readBannedUsers = (guid: string, page: number) =>
  listed(() => chatApi().listBannedUsers(guid, { page, perPage: GROUP_USERS_PER_PAGE }), "bannedAt");

/** The group itself; a failure is the chat service's error, for the page to say. */
export async function readGroup(guid: string): Promise<{ group: ChatGroup; raw: unknown } | { error: ChatApiError }> {
  try {
    const answer = await chatApi().getGroup(guid);
    return { group: answer.data, raw: answer.raw };
  } catch (error) {
    if (error instanceof ChatApiError) return { error };
    throw error;
  }
}

/** Groups a search shows beside the users it found. */
const GROUPS_IN_SEARCH = 10;

export type GroupSearchView = { groups: ChatGroup[]; total: number } | { error: string };

/** The groups whose GUID starts with `search` or whose name contains it (the service's "list groups"). */
export async function searchGroups(search: string): Promise<GroupSearchView> {
  try {
    const answer = await chatApi().listGroups({ searchKey: search, page: 1, perPage: GROUPS_IN_SEARCH });
    return { groups: answer.data.data, total: answer.data.meta?.pagination?.total ?? answer.data.data.length };
  } catch (error) {
    if (error instanceof ChatApiError) return { error: error.userMessage };
    throw error;
  }
}
