import { ChatApiError } from "@/lib/chat-api";
import type { ChunkOutcomes } from "@/lib/db/schema";
import type { ChunkAnswer } from "./job-kind";
import { JOB_KINDS } from "./job-kinds";
import type { BlockJob } from "./jobs";

/**
 * The shapes a kind's call takes, for the kinds to build on (./job-kind.ts): one item a call (ban,
 * unban, delete a message) or the vendor's bulk calls (deactivate, reactivate). Each gives one outcome
 * an item; a refusal about one item (a UID or message the service does not have, a ban already there)
 * is that item's outcome, while anything about the call itself is thrown for the chunk's policy
 * (retry, split, hold, pause).
 */

const ITEM_CODES = new Set([
  "ERR_UID_NOT_FOUND",
  "ERR_MESSAGE_ID_NOT_FOUND",
  "ERR_ALREADY_BANNED",
  "ERR_NOT_A_BANNED_USER",
]);

/** A refusal about the item alone: its outcome; anything else is the call's failure. */
function itemRefusal(job: BlockJob, error: unknown): { outcome: string; message: string } | undefined {
  if (!(error instanceof ChatApiError) || !error.code || !ITEM_CODES.has(error.code)) return undefined;
  const message = error.serviceMessage ?? error.userMessage;
  if (error.code === "ERR_ALREADY_BANNED") return { outcome: JOB_KINDS[job.kind].unchanged, message };
  if (error.code === "ERR_NOT_A_BANNED_USER") return { outcome: JOB_KINDS[job.kind].unchanged, message };
  return { outcome: "not_found", message };
}

/** A call that carries one item. */
export async function oneByOne(
  job: BlockJob,
  item: string,
  call: () => Promise<{ status: number; message: string }>,
): Promise<ChunkAnswer> {
  try {
    const { status, message } = await call();
    return { status, outcomes: { [item]: { outcome: JOB_KINDS[job.kind].changed, message } } };
  } catch (error) {
    const refusal = itemRefusal(job, error);
    if (!refusal) throw error;
    return { status: (error as ChatApiError).status ?? 400, outcomes: { [item]: refusal } };
  }
}

/** The vendor's bulk answer lists the UIDs it acted on; one it leaves out does not exist (or is gone). */
export function bulkOutcomes(job: BlockJob, uids: string[], acted: string[], notFoundNote: string): ChunkOutcomes {
  const done = new Set(acted);
  const { changed } = JOB_KINDS[job.kind];
  return Object.fromEntries(
    uids.map((uid) => [
      uid,
      done.has(uid) ? { outcome: changed, message: "" } : { outcome: "not_found", message: notFoundNote },
    ]),
  );
}

/** The group of a job that bans or unbans: such a job always names one. */
export const groupOf = (job: BlockJob) => {
  if (!job.groupGuid) throw new Error(`Job ${job.id} bans or unbans but names no group.`);
  return job.groupGuid;
};

/**
 * A chunk's items settled from what the service shows now (`done`: the ids it shows done), the rest
 * to send; `idOf` reads the service's id out of an item.
 */
export function settledFrom(
  job: BlockJob,
  items: string[],
  done: Set<string>,
  idOf: (item: string) => string = (item) => item,
): { settled: ChunkOutcomes; toSend: string[] } {
  const note = "Settled from the chat service's state after a call that was cut off (restart or time-out).";
  const { changed } = JOB_KINDS[job.kind];
  const settled: ChunkOutcomes = {};
  const toSend: string[] = [];
  for (const item of items) {
    if (done.has(idOf(item))) settled[item] = { outcome: changed, message: note };
    else toSend.push(item);
  }
  return { settled, toSend };
}
