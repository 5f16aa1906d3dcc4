import type { MessageFilters, MessageScope } from "@/lib/chat-api/moderation-calls";
import type { RaidSearchCriteria, RaidSearchSlice } from "@/lib/db/schema";
import { linkDomains } from "@/lib/messages/links";
import type { RaidSearchForm } from "@/lib/raid-search/schemas";
import { QUICK_WINDOWS } from "@/lib/raid-search/windows";

/**
 * What a search asks the chat service, and what the console checks itself: the vendor filters by
 * place, time, sender, links and one `searchKey`; a link's exact domain and the start of a sender's
 * name the console checks on each message of the page.
 */

/** The criteria a search stores, its window resolved to unix seconds at the moment it starts. */
export function criteriaOf(form: RaidSearchForm, nowSeconds: number): RaidSearchCriteria {
  const window =
    form.window === "custom"
      ? { from: form.from!, to: form.to! }
      : { from: nowSeconds - QUICK_WINDOWS[form.window].seconds, to: nowSeconds };
  const where =
    form.where === "group"
      ? { kind: "group" as const, guid: form.group! }
      : form.where === "user"
        ? { kind: "user" as const, uid: form.user! }
        : { kind: "app" as const };
  return {
    where,
    ...window,
    ...(form.textContains ? { textContains: form.textContains } : {}),
    ...(form.hasLinks || form.linkDomain ? { hasLinks: true } : {}),
    ...(form.linkDomain ? { linkDomain: form.linkDomain } : {}),
    ...(form.senderUid ? { senderUid: form.senderUid } : {}),
    ...(form.namePrefix ? { namePrefix: form.namePrefix } : {}),
    ...(form.blockedBy ? { blockedBy: form.blockedBy } : {}),
  };
}

/** Slices read at once: the window cut in this many, each paged with its own cursor. */
const SLICES = 4;
/** A window shorter than this is read as one slice. */
const MIN_SLICE_SECONDS = 60;

/** The window cut into slices that together cover it exactly, each paged from its end, newest first. */
export function slicesOf(criteria: RaidSearchCriteria): RaidSearchSlice[] {
  const span = criteria.to - criteria.from;
  const count = Math.max(1, Math.min(SLICES, Math.floor(span / MIN_SLICE_SECONDS)));
  const slices: RaidSearchSlice[] = [];
  for (let index = 0; index < count; index += 1) {
    const from = criteria.from + Math.floor((span * index) / count) + (index === 0 ? 0 : 1);
    const to = criteria.from + Math.floor((span * (index + 1)) / count);
    slices.push({ from, to, cursor: null, done: false });
  }
  return slices;
}

/** Where the vendor's list is read: a group, the direct messages a user takes part in, the app. */
export function scopeOf(criteria: RaidSearchCriteria): MessageScope {
  if (criteria.where.kind === "group") return { kind: "group", guid: criteria.where.guid };
  if (criteria.where.kind === "user") return { kind: "app", onBehalfOf: criteria.where.uid };
  return { kind: "app" };
}

/**
 * Messages a page asks for: the vendor's most (`limit` 1 to 1,000, chat-apis.json), so that a window
 * takes the fewest calls. A search reads up to 100,000 values of such a page (`scanMessages`), some
 * 40 a message; a slice whose page does not fit (messages with many receipts) asks for half as many
 * from then on.
 */
export const PAGE_LIMIT = 1000;
/** The smallest page a slice halves its pages to. */
export const MIN_PAGE_LIMIT = 25;

/** The vendor's filters for one page of a slice. */
export function filtersOf(criteria: RaidSearchCriteria, slice: RaidSearchSlice): MessageFilters {
  return {
    // One searchKey: the text when there is one, else the domain, checked exactly afterwards.
    ...(criteria.textContains
      ? { searchKey: criteria.textContains }
      : criteria.linkDomain
        ? { searchKey: criteria.linkDomain }
        : {}),
    ...(criteria.hasLinks ? { hasLinks: true } : {}),
    ...(criteria.senderUid ? { sender: criteria.senderUid } : {}),
    ...(criteria.where.kind === "user" ? { receiverType: "user" as const } : {}),
    category: "message",
    hideDeleted: true,
    fromTimestamp: slice.from,
    toTimestamp: slice.to,
    limit: slice.limit ?? PAGE_LIMIT,
    // Newest first, as the vendor lists by default; each next page from the cursor the last one gave.
    ...(slice.cursor ? { cursor: slice.cursor } : {}),
  };
}

export type FoundMessage = {
  id: string;
  sender: string;
  sentAt: number;
  text: string;
  name: string;
  accountCreatedAt: number | null;
};

/** Whether `domain` is `wanted` or one of its subdomains: `usdt-drop.example` matches `a.usdt-drop.example`. */
export function domainMatches(domain: string, wanted: string): boolean {
  const [have, target] = [domain, wanted].map((name) => name.toLowerCase().replace(/^www\./, ""));
  return have === target || have!.endsWith(`.${target}`);
}

/** Whether a message the vendor returned matches what the console checks itself. */
export function matchesLocally(criteria: RaidSearchCriteria, message: FoundMessage): boolean {
  // A user's direct messages: those others sent them, not their own.
  if (criteria.where.kind === "user" && message.sender === criteria.where.uid) return false;
  if (criteria.linkDomain && !linkDomains(message.text).some((domain) => domainMatches(domain, criteria.linkDomain!)))
    return false;
  if (criteria.namePrefix) {
    const prefix = criteria.namePrefix.toLocaleLowerCase();
    const name = message.name.toLocaleLowerCase();
    if (!name.startsWith(prefix) && !name.split(/\s+/).some((word) => word.startsWith(prefix))) return false;
  }
  return true;
}

/** Share of the window read, from the slices' cursors: 0 to 1. */
export function progressOf(slices: RaidSearchSlice[]): number {
  let read = 0;
  let total = 0;
  for (const slice of slices) {
    const span = Math.max(1, slice.to - slice.from);
    total += span;
    read += slice.done ? span : slice.cursor ? Math.min(span, Math.max(0, slice.to - slice.cursor.sentAt)) : 0;
  }
  return total === 0 ? 1 : read / total;
}
