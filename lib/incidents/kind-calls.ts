import { ChatApiError, type ChatApiClient } from "@/lib/chat-api";
import type { ChunkOutcomes } from "@/lib/db/schema";
import { JOB_KINDS, parseMessageItem } from "./job-kinds";
import type { BlockJob } from "./jobs";
import { callDecisionItem, reconcileDecisionItems } from "@/lib/reports/decision-job-calls";
import { SETTLEMENT_KINDS } from "@/lib/settlements/kinds";

/**
 * The chat service's side of a chunk of the kinds beyond blocking: deactivate and reactivate (the
 * vendor's bulk `DELETE` and `PUT /users`), ban and unban (one UID a call), delete a message (one a
 * call). Each gives one outcome an item; a refusal about one item (a UID or message the service does
 * not have, a ban already there) is that item's outcome, while anything about the call itself is
 * thrown for the chunk's policy (retry, split, hold, pause).
 */

export type KindAnswer = { status: number; outcomes: ChunkOutcomes };

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

async function oneByOne(
  job: BlockJob,
  item: string,
  call: () => Promise<{ status: number; message: string }>,
): Promise<KindAnswer> {
  try {
    const { status, message } = await call();
    return { status, outcomes: { [item]: { outcome: JOB_KINDS[job.kind].changed, message } } };
  } catch (error) {
    const refusal = itemRefusal(job, error);
    if (!refusal) throw error;
    return { status: (error as ChatApiError).status ?? 400, outcomes: { [item]: refusal } };
  }
}

const groupOf = (job: BlockJob) => {
  if (!job.groupGuid) throw new Error(`Job ${job.id} bans or unbans but names no group.`);
  return job.groupGuid;
};

/** The vendor's bulk answer lists the UIDs it acted on; one it leaves out does not exist (or is gone). */
function bulkOutcomes(job: BlockJob, uids: string[], acted: string[], notFoundNote: string): ChunkOutcomes {
  const done = new Set(acted);
  const { changed } = JOB_KINDS[job.kind];
  return Object.fromEntries(
    uids.map((uid) => [
      uid,
      done.has(uid) ? { outcome: changed, message: "" } : { outcome: "not_found", message: notFoundNote },
    ]),
  );
}

/** Sends one chunk of a job of these kinds and gives each item's outcome. */
export async function callKind(client: ChatApiClient, job: BlockJob, items: string[]): Promise<KindAnswer> {
  switch (job.kind) {
    case "deactivate": {
      const answer = await client.deactivateUsers(items);
      return {
        status: answer.status,
        outcomes: bulkOutcomes(job, items, answer.data.deactivatedUids, "The chat service has no user with this UID."),
      };
    }
    case "reactivate": {
      const answer = await client.reactivateUsers(items);
      return {
        status: answer.status,
        outcomes: bulkOutcomes(
          job,
          items,
          answer.data.nonDeactivatedUids,
          "The chat service has no user with this UID.",
        ),
      };
    }
    case "ban":
      return oneByOne(job, items[0]!, async () => {
        const answer = await client.banGroupMember(groupOf(job), items[0]!);
        return { status: answer.status, message: answer.data.message ?? "" };
      });
    case "unban":
      return oneByOne(job, items[0]!, async () => {
        const answer = await client.unbanGroupMember(groupOf(job), items[0]!);
        return { status: answer.status, message: answer.data.message ?? "" };
      });
    case "delete_messages":
      return oneByOne(job, items[0]!, async () => {
        const answer = await client.deleteMessage(parseMessageItem(items[0]!).messageId, { permanent: false });
        return { status: answer.status, message: "Deleted: the message is kept as deleted by the chat service." };
      });
    case "report_decision":
      return callDecisionItem(client, job, items[0]!);
    default:
      throw new Error(`Jobs of kind ${job.kind} are sent through the block call.`);
  }
}

/**
 * Before a chunk whose earlier call may have reached the service is sent again: what the service
 * shows now (deactivated users, the group's bans, the message's deletion), read as the one
 * settlement of lost answers reads it (lib/settlements/kinds.ts), is taken as that call's outcome,
 * and only the rest is sent.
 */
export async function reconcileKind(
  client: ChatApiClient,
  job: BlockJob,
  items: string[],
): Promise<{ settled: ChunkOutcomes; toSend: string[] }> {
  if (job.kind === "report_decision") return reconcileDecisionItems(client, job, items);
  const note = "Settled from the chat service's state after a call that was cut off (restart or time-out).";
  const { changed } = JOB_KINDS[job.kind];
  const messages = job.kind === "delete_messages";
  const idOf = (item: string) => (messages ? parseMessageItem(item).messageId : item);
  const kind = job.kind === "delete_messages" ? "delete_message" : job.kind;
  const done = await SETTLEMENT_KINDS[kind].read(client, job.groupGuid, items.map(idOf));
  const settled: ChunkOutcomes = {};
  const toSend: string[] = [];
  for (const item of items) {
    if (done.has(idOf(item))) settled[item] = { outcome: changed, message: note };
    else toSend.push(item);
  }
  return { settled, toSend };
}
