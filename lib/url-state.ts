/**
 * The one module that reads and writes what pages keep in their URLs: filters, page numbers and
 * cursors. Pages parse their search parameters here, and every link to a filtered or paged view is
 * built here, so that a parameter is spelt, defaulted and bounded one way. Safe in the browser.
 */

export type SearchParams = Record<string, string | string[] | undefined>;

/** A parameter's value; the first one when the URL repeats it. */
export function firstOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

const MAX_PAGE = 1_000_000;

/** A page asked for in the URL: a whole number from 1 to 1,000,000; anything else is the first page. */
export function pageOf(value: string | string[] | undefined): number {
  const page = Number(firstOf(value) ?? 1);
  return Number.isSafeInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** A keyset cursor (a sequence number) from the URL; undefined for anything else, too large included. */
export function cursorOf(value: string | string[] | undefined): number | undefined {
  const raw = firstOf(value);
  const cursor = Number(raw !== undefined && /^\d{1,16}$/.test(raw) ? raw : NaN);
  return Number.isSafeInteger(cursor) && cursor > 0 ? cursor : undefined;
}

type QueryValues = Record<string, string | number | null | undefined>;

/** `path?query#hash`, leaving out empty and null values (and the "?" when nothing is left). */
export function hrefOf(path: string, values: QueryValues, hash = ""): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== null && value !== undefined && value !== "") query.set(key, String(value));
  return `${path}${query.size > 0 ? `?${query}` : ""}${hash}`;
}

/** The current search parameters (first values) with `changes` applied: a link that changes one thing. */
export function withChanges(search: SearchParams, changes: QueryValues): QueryValues {
  return { ...Object.fromEntries(Object.entries(search).map(([key, value]) => [key, firstOf(value)])), ...changes };
}

// The console's pages.

/** The users page: a search and its page (always written, as the search form's links have it). */
export const usersSearchHref = (search: string, page: number) => hrefOf("/users", { search, page: String(page) });

/** The action log at a filter (and a cursor); its export with a format. */
export const auditHref = (filter: QueryValues) => hrefOf("/audit", filter);
export const auditExportHref = (filter: QueryValues, format: "csv" | "ndjson") =>
  hrefOf("/audit/export", { ...filter, format });

/** A job's results at an outcome and a page (the first page unwritten), scrolled to the results. */
export function jobResultsQuery(search: SearchParams): { outcome: string | null; page: number } {
  return { outcome: firstOf(search.outcome) || null, page: pageOf(search.page) };
}
export const jobResultsHref = (jobId: string, outcome: string | null, page = 1) =>
  hrefOf(`/incidents/${jobId}`, { outcome, page: page > 1 ? page : null }, "#results");

/**
 * Where a list of messages stands, as the chat service's cursor (`meta.next`): `prepend` walks to older
 * messages, `append` to newer ones, from the message `id` sent at `sentAt`, that message excluded.
 */
export type MessageCursor = { affix: "append" | "prepend"; sentAt: number; id: string };

const MESSAGE_CURSOR = /^(append|prepend)\.(\d{1,12})\.(\d{1,19})$/;

/** A message cursor from the URL (`prepend.1790877696.1234`); undefined for anything else. */
export function messageCursorOf(value: string | string[] | undefined): MessageCursor | undefined {
  const match = MESSAGE_CURSOR.exec(firstOf(value) ?? "");
  if (!match) return undefined;
  return { affix: match[1] as MessageCursor["affix"], sentAt: Number(match[2]), id: match[3] as string };
}

/** A message cursor as the URL keeps it. */
export const messageCursorParam = (cursor: MessageCursor) => `${cursor.affix}.${cursor.sentAt}.${cursor.id}`;

/** A user's messages with `peer` (a user or a group), as `owner` sees them, at a cursor. */
export const conversationMessagesHref = (
  owner: string,
  peer: { kind: "user" | "group"; id: string },
  cursor?: MessageCursor,
) =>
  hrefOf(`/users/${encodeURIComponent(owner)}/messages/${peer.kind}/${encodeURIComponent(peer.id)}`, {
    cursor: cursor ? messageCursorParam(cursor) : null,
  });

/** A group's page, and its members, banned users and messages at their pages and cursor. */
export const groupHref = (guid: string, values: QueryValues = {}, hash = "") =>
  hrefOf(`/groups/${encodeURIComponent(guid)}`, values, hash);

/** The reports queue: which reports (waiting or decided), the order, the filters and the page. */
export type ReportsQuery = {
  view: "queue" | "decided";
  sort: "most" | "newest";
  reason: string | null;
  group: string | null;
  sender: string | null;
  newAccounts: boolean;
  text: string | null;
  page: number;
};

const MAX_FILTER_CHARS = 200;
/** A filter's text from the URL: trimmed, at most 200 characters, none when empty. */
const filterOf = (value: string | string[] | undefined) => firstOf(value)?.trim().slice(0, MAX_FILTER_CHARS) || null;

export function reportsQuery(search: SearchParams): ReportsQuery {
  return {
    view: firstOf(search.view) === "decided" ? "decided" : "queue",
    sort: firstOf(search.sort) === "newest" ? "newest" : "most",
    reason: filterOf(search.reason),
    group: filterOf(search.group),
    sender: filterOf(search.sender)?.toLowerCase() ?? null,
    newAccounts: firstOf(search.new) === "1",
    text: filterOf(search.text),
    page: pageOf(search.page),
  };
}

/** The queue at a query; defaults (the queue, most reported, the first page) unwritten. */
export function reportsHref(query: Partial<ReportsQuery>): string {
  return hrefOf("/reports", {
    view: query.view === "decided" ? "decided" : null,
    sort: query.sort === "newest" ? "newest" : null,
    reason: query.reason,
    group: query.group,
    sender: query.sender,
    new: query.newAccounts ? "1" : null,
    text: query.text,
    page: query.page && query.page > 1 ? query.page : null,
  });
}

/** One report's page. */
export const reportHref = (messageId: string) => `/reports/${encodeURIComponent(messageId)}`;
