import { countOutcomes, type BlockOutcomeRow } from "@/lib/chat-api/block-outcomes";
import type { ChunkOutcomes } from "@/lib/db/schema";
import { blockerOf } from "@/lib/incidents/chunk-call";
import type { JobKind } from "@/lib/incidents/job-kind";
import { SETTLEMENT_KINDS } from "@/lib/settlements/kinds";
import { blockCompletion } from "./block-answer";
import { callBlockEndpoint } from "./block-call";

/** Blocking and unblocking as jobs: the blocker's block call, a chunk of UIDs a call. */

function outcomesOf(rows: BlockOutcomeRow[]): ChunkOutcomes {
  return Object.fromEntries(
    rows.filter((row) => !row.unexpected).map((row) => [row.uid, { outcome: row.outcome, message: row.message }]),
  );
}

const blockCall =
  (verb: "block" | "unblock"): JobKind["send"] =>
  async (client, job, uids) => {
    const { status, rows } = await callBlockEndpoint(client, { blocker: blockerOf(job), uids, verb });
    const counts = countOutcomes(rows);
    const { outcome } = blockCompletion({ rows, counts, status });
    return { status, outcomes: outcomesOf(rows), outcome, counts };
  };

/** After a cut-off call, the blocker's blocks say what it did; a UID blocked before the job stays "already blocked". */
const settledFromBlocks =
  (verb: "block" | "unblock"): JobKind["reconcile"] =>
  async (client, job, uids) => {
    const done = await SETTLEMENT_KINDS[verb].read(client, blockerOf(job), uids);
    const preBlocked = new Set(job.preBlocked);
    const settled: ChunkOutcomes = {};
    const toSend: string[] = [];
    const note = "Settled from the blocker's blocks after a call that was cut off (restart or time-out).";
    for (const uid of uids) {
      if (!done.has(uid)) toSend.push(uid);
      else if (verb === "unblock") settled[uid] = { outcome: "unblocked", message: note };
      else settled[uid] = { outcome: preBlocked.has(uid) ? "already_blocked" : "blocked", message: note };
    }
    return { settled, toSend };
  };

export const blockJobKind: JobKind = { send: blockCall("block"), reconcile: settledFromBlocks("block") };
export const unblockJobKind: JobKind = { send: blockCall("unblock"), reconcile: settledFromBlocks("unblock") };
