import type { ChatApiClient } from "@/lib/chat-api";
import { blockOutcomeRows, type BlockOutcomeRow } from "@/lib/chat-api/block-outcomes";

export type BlockCall = { blocker: string; uids: string[]; verb: "block" | "unblock" };

/**
 * The one place the console calls the chat API's block and unblock: a moderator's block in the
 * workspace, an incident job's chunk and a timed block's expiry all send through here, and read the
 * answer as per-UID outcomes the same way. Which client (the operators' or the jobs', with its own
 * retries and rate budget) is the caller's.
 */
export async function callBlockEndpoint(
  client: ChatApiClient,
  call: BlockCall,
): Promise<{ status: number; raw: unknown; rows: BlockOutcomeRow[] }> {
  const answer =
    call.verb === "block"
      ? await client.blockUsers(call.blocker, call.uids)
      : await client.unblockUsers(call.blocker, call.uids);
  return { status: answer.status, raw: answer.raw, rows: blockOutcomeRows(call.uids, answer.data, call.verb) };
}
