import type { ChatApiClient } from "@/lib/chat-api";
import type { Database } from "@/lib/db/client";
import type { ChunkOutcomes } from "@/lib/db/schema";
import { RefusedError } from "@/lib/errors";
import { matchedMessageItems } from "@/lib/raid-search/senders";
import { getSearch } from "@/lib/raid-search/store";
import { bannedUids, deactivatedUids } from "./account-lists";
import { JOB_KINDS, parseMessageItem, type RaidJobKind } from "./job-kinds";

/**
 * What a job on a raid's accounts will send, before it is created or previewed: the accounts
 * already deactivated or banned are counted apart and recorded, not sent; a deletion sends the
 * messages of the chosen senders that the search matched.
 */

export type RaidTarget = { kind: RaidJobKind; group?: string; searchId?: string };

export type RaidJobPlan = {
  /** The items the job sends: UIDs, or the messages to delete. */
  toSend: string[];
  /** UIDs already in the state the job would put them in. */
  already: string[];
  /** Accounts the job acts on, for the approval threshold and the log's UID index. */
  accounts: string[];
};

export async function planRaidJob(
  db: Database,
  client: ChatApiClient,
  target: RaidTarget,
  uids: string[],
): Promise<RaidJobPlan> {
  if (target.kind === "delete_messages") {
    const search = target.searchId ? await getSearch(db, target.searchId) : undefined;
    if (!search) throw new RefusedError("No search has that id: only the messages a search matched are deleted.");
    const toSend = await matchedMessageItems(db, search.id, uids);
    const senders = new Set(toSend.map((item) => parseMessageItem(item).sender));
    return { toSend, already: [], accounts: uids.filter((uid) => senders.has(uid)) };
  }
  const already =
    target.kind === "deactivate" ? await deactivatedUids(client) : await bannedUids(client, target.group!);
  return {
    toSend: uids.filter((uid) => !already.has(uid)),
    already: uids.filter((uid) => already.has(uid)),
    accounts: uids,
  };
}

/** The UIDs already so, recorded as the job's outcomes before anything is sent. */
export function alreadyOutcomes(target: RaidTarget, already: string[]): ChunkOutcomes {
  const message =
    target.kind === "ban"
      ? `Already banned from ${target.group} before this job started: not sent.`
      : "Already deactivated before this job started: not sent.";
  return Object.fromEntries(already.map((uid) => [uid, { outcome: JOB_KINDS[target.kind].unchanged, message }]));
}
