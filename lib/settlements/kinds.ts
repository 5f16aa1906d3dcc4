import { ChatApiError, type ChatApiClient } from "@/lib/chat-api";
import type { SettlementKind } from "@/lib/db/schema";
import { deactivatedUids, bannedUids, everyPage } from "@/lib/incidents/account-lists";
import { currentlyBlocked } from "@/lib/incidents/blocked-list";

/**
 * What each kind of call does, as the service shows it once the call can no longer take effect: how
 * to read which of its items are in the state the call asked for, and the words for that state. A
 * leaf table: the one settlement (./settle.ts) and an incident job's reconciliation before it sends a
 * chunk again (lib/incidents/kind-calls.ts) both read the service through it.
 */
export type KindSpec = {
  /** The items of a call for `target` (a blocker, a group, none) that are in the state it asked for now. */
  read: (client: ChatApiClient, target: string | null, items: string[]) => Promise<Set<string>>;
  /** The outcome of an item that took effect: "blocked", "banned", "deleted"… */
  done: string;
  /** What was read, for the log's message: "the blocker's blocked list". */
  source: string;
};

/** Past this many UIDs the whole list of deactivated users is read rather than one search a UID. */
const SEARCH_AT_MOST = 20;

async function deactivatedAmong(client: ChatApiClient, uids: string[]): Promise<Set<string>> {
  if (uids.length > SEARCH_AT_MOST) {
    const all = await deactivatedUids(client);
    return new Set(uids.filter((uid) => all.has(uid)));
  }
  const found = new Set<string>();
  for (const uid of uids) {
    const page = await client.listUsers({ searchKey: uid, page: 1, perPage: 100, onlyDeactivated: true });
    if (page.data.data.some((user) => user.uid === uid)) found.add(uid);
  }
  return found;
}

const groupOf = (target: string | null) => {
  if (!target) throw new Error("A group member's settlement names no group.");
  return target;
};

const members = (client: ChatApiClient, guid: string) =>
  everyPage(`GET /groups/${encodeURIComponent(guid)}/members`, (page, perPage) =>
    client.listGroupMembers(guid, { page, perPage }),
  );

/** A message's state: deleted (soft), or gone (deleted permanently, or never there). */
async function messageState(client: ChatApiClient, id: string): Promise<"present" | "deleted" | "gone"> {
  try {
    return (await client.getMessage(id)).data.deletedAt ? "deleted" : "present";
  } catch (error) {
    if (error instanceof ChatApiError && error.code === "ERR_MESSAGE_ID_NOT_FOUND") return "gone";
    throw error;
  }
}

async function messagesIn(client: ChatApiClient, ids: string[], states: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const id of ids) if (states.includes(await messageState(client, id))) found.add(id);
  return found;
}

/** Items of `items` in `set` (or, `absent`, not in it). */
const among = (items: string[], set: Set<string>, absent = false) =>
  new Set(items.filter((item) => set.has(item) !== absent));

export const SETTLEMENT_KINDS: Record<Exclude<SettlementKind, "review">, KindSpec> = {
  block: {
    read: async (client, blocker, uids) => among(uids, await currentlyBlocked(client, blocker!)),
    done: "blocked",
    source: "The blocker's blocked list",
  },
  unblock: {
    read: async (client, blocker, uids) => among(uids, await currentlyBlocked(client, blocker!), true),
    done: "unblocked",
    source: "The blocker's blocked list",
  },
  ban: {
    read: async (client, guid, uids) => among(uids, await bannedUids(client, groupOf(guid))),
    done: "banned",
    source: "The group's banned users",
  },
  unban: {
    read: async (client, guid, uids) => among(uids, await bannedUids(client, groupOf(guid)), true),
    done: "unbanned",
    source: "The group's banned users",
  },
  kick: {
    read: async (client, guid, uids) => among(uids, await members(client, groupOf(guid)), true),
    done: "kicked",
    source: "The group's members",
  },
  deactivate: {
    read: (client, _target, uids) => deactivatedAmong(client, uids),
    done: "deactivated",
    source: "The deactivated users",
  },
  reactivate: {
    read: async (client, _target, uids) => among(uids, await deactivatedAmong(client, uids), true),
    done: "reactivated",
    source: "The deactivated users",
  },
  delete_message: {
    read: (client, _target, ids) => messagesIn(client, ids, ["deleted", "gone"]),
    done: "deleted",
    source: "The message",
  },
  delete_message_permanently: {
    read: (client, _target, ids) => messagesIn(client, ids, ["gone"]),
    done: "deleted permanently",
    source: "The message",
  },
};
