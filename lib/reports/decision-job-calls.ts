import { and, eq, sql } from "drizzle-orm";
import { jobCreator } from "@/lib/audit/actor";
import { callBlockEndpoint } from "@/lib/blocking/block-call";
import { ChatApiError, type ChatApiClient } from "@/lib/chat-api";
import { lateEffectWindowMs } from "@/lib/chat-api/retry";
import { getDb, type Database } from "@/lib/db/client";
import { reports, type ChunkOutcomes } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import type { BlockJob } from "@/lib/incidents/jobs";
import { SETTLEMENT_KINDS } from "@/lib/settlements/kinds";
import { recordBlocks } from "@/lib/timed-blocks/store";
import { endReport } from "./decision-store";
import { parseItem, type DecisionItem } from "./decision-items";
import { reviewReport } from "./review-calls";

/**
 * The chat service's side of one item of a `report_decision` job (the chunk size is one): a report
 * kept or removed, then marked in the index as a decision made at once would be; and, once every
 * report is decided, a block, ban or deactivation of a sender whose message the job removed. A
 * sender call whose report was not removed is not sent. A failure about the call itself is thrown
 * for the chunk's policy (retry, hold, pause), as for every job.
 */

type Outcome = { outcome: string; message: string };
const END_OUTCOMES = { done: "done", failed: "failed", gone: "gone", unknown: "unknown" } as const;

async function decideReport(client: ChatApiClient, job: BlockJob, item: Extract<DecisionItem, { kind: "report" }>) {
  const review = await reviewReport(client, item.messageId, item.decision);
  const settleAfter = new Date(Date.now() + lateEffectWindowMs(getEnv().chatApiTimeoutMs));
  await endReport(
    await getDb(),
    item.messageId,
    job.operationId,
    review.end === "unknown" ? { kind: "unknown", settleAfter } : { kind: review.end },
  );
  const status = review.calls.at(-1)?.httpStatus ?? 200;
  return { status, outcome: { outcome: END_OUTCOMES[review.end], message: review.message } };
}

/** Whether this job removed a message of `sender` (reported by `reporter`, sent in `guid`, when named). */
async function removedFor(
  db: Database,
  job: Pick<BlockJob, "operationId">,
  match: { sender: string; reporter?: string; guid?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ messageId: reports.messageId })
    .from(reports)
    .where(
      and(
        eq(reports.decisionOperationId, job.operationId),
        eq(reports.senderUid, match.sender),
        eq(reports.status, "decided"),
        eq(reports.decision, "remove"),
        match.guid ? eq(reports.receiverId, match.guid) : undefined,
        match.reporter ? sql`${reports.reporters} @> ${JSON.stringify([{ uid: match.reporter }])}::jsonb` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

const NOT_REMOVED: Outcome = {
  outcome: "skipped",
  message: "Not sent: no message of this sender was removed by this decision.",
};

async function senderCall(client: ChatApiClient, job: BlockJob, item: Exclude<DecisionItem, { kind: "report" }>) {
  const db = await getDb();
  const match =
    item.kind === "block"
      ? { sender: item.sender, reporter: item.reporter }
      : item.kind === "ban"
        ? { sender: item.sender, guid: item.guid }
        : { sender: item.sender };
  if (!(await removedFor(db, job, match))) return { status: 200, outcome: NOT_REMOVED };
  try {
    return await sendSenderCall(client, job, item);
  } catch (error) {
    // A UID or group the service does not have is this item's outcome; anything else is the call's failure.
    if (!(error instanceof ChatApiError) || !error.code || !MISSING.has(error.code)) throw error;
    return { status: error.status ?? 404, outcome: { outcome: "not_found", message: error.userMessage } };
  }
}

const MISSING = new Set(["ERR_UID_NOT_FOUND", "ERR_GUID_NOT_FOUND"]);

async function sendSenderCall(
  client: ChatApiClient,
  job: BlockJob,
  item: Exclude<DecisionItem, { kind: "report" }>,
): Promise<{ status: number; outcome: Outcome }> {
  const db = await getDb();
  if (item.kind === "block") {
    const { status, rows } = await callBlockEndpoint(client, {
      blocker: item.reporter,
      uids: [item.sender],
      verb: "block",
    });
    const row = rows.find((entry) => entry.uid === item.sender);
    const made = row?.outcome === "blocked" ? [item.sender] : [];
    const already = row?.outcome === "already_blocked" ? [item.sender] : [];
    await recordBlocks(db, {
      blockerUid: item.reporter,
      blocked: made,
      alreadyBlocked: already,
      expiresInSeconds: null,
      operationId: job.operationId,
      actor: jobCreator(job),
      reason: job.reason,
    });
    const outcome =
      made.length > 0
        ? { outcome: "blocked", message: `Blocked by ${item.reporter}.` }
        : already.length > 0
          ? { outcome: "already_blocked", message: `Already blocked by ${item.reporter}.` }
          : { outcome: row?.outcome ?? "failed", message: row?.message ?? "The chat service did not say." };
    return { status, outcome };
  }
  if (item.kind === "ban") {
    try {
      const answer = await client.banGroupMember(item.guid, item.sender);
      return { status: answer.status, outcome: { outcome: "banned", message: `Banned from ${item.guid}.` } };
    } catch (error) {
      if (!(error instanceof ChatApiError) || error.code !== "ERR_ALREADY_BANNED") throw error;
      return {
        status: error.status ?? 400,
        outcome: { outcome: "already_banned", message: `Already banned from ${item.guid}.` },
      };
    }
  }
  const answer = await client.deactivateUsers([item.sender]);
  const done = answer.data.deactivatedUids.includes(item.sender);
  return {
    status: answer.status,
    outcome: done
      ? { outcome: "deactivated", message: "Deactivated." }
      : { outcome: "not_found", message: "Not deactivated: the chat service has no active user with this UID." },
  };
}

/** Sends one item of a report decision and gives its outcome. */
export async function callDecisionItem(
  client: ChatApiClient,
  job: BlockJob,
  item: string,
): Promise<{ status: number; outcomes: ChunkOutcomes }> {
  const parsed = parseItem(item);
  const { status, outcome } =
    parsed.kind === "report" ? await decideReport(client, job, parsed) : await senderCall(client, job, parsed);
  return { status, outcomes: { [item]: outcome } };
}

const CUT_OFF = "Settled from the chat service's state after a call that was cut off (restart or time-out).";

/** A report whose call was cut off: what the index says of it, or unknown until the index settles it from the flagged list. */
async function reconcileReport(db: Database, job: BlockJob, messageId: string): Promise<Outcome> {
  const [row] = await db.select().from(reports).where(eq(reports.messageId, messageId)).limit(1);
  if (row && row.decisionOperationId === job.operationId && row.status !== "deciding")
    return {
      outcome: row.status === "decided" ? "done" : row.status === "open" ? "failed" : row.status,
      message: CUT_OFF,
    };
  const settleAfter = new Date(Date.now() + lateEffectWindowMs(getEnv().chatApiTimeoutMs));
  await endReport(db, messageId, job.operationId, { kind: "unknown", settleAfter });
  return {
    outcome: "unknown",
    message:
      "The call was cut off (restart or time-out): settled from the service's flagged list once it can no longer land.",
  };
}

/**
 * Before an item whose earlier call may have reached the service is sent again: a report is taken
 * as the index has it (or settled later from the flagged list); a block, ban or deactivation as the
 * service's lists show it now. Only what did not take effect is sent again.
 */
export async function reconcileDecisionItems(
  client: ChatApiClient,
  job: BlockJob,
  items: string[],
): Promise<{ settled: ChunkOutcomes; toSend: string[] }> {
  const db = await getDb();
  const settled: ChunkOutcomes = {};
  const toSend: string[] = [];
  for (const item of items) {
    const parsed = parseItem(item);
    let done = false;
    const changed = { block: "blocked", ban: "banned", deactivate: "deactivated", report: "done" }[parsed.kind];
    if (parsed.kind === "report") {
      settled[item] = await reconcileReport(db, job, parsed.messageId);
      continue;
    }
    // Read as the one settlement of lost answers reads each kind (lib/settlements/kinds.ts).
    const target = parsed.kind === "block" ? parsed.reporter : parsed.kind === "ban" ? parsed.guid : null;
    done = (await SETTLEMENT_KINDS[parsed.kind].read(client, target, [parsed.sender])).has(parsed.sender);
    if (done) settled[item] = { outcome: changed, message: CUT_OFF };
    else toSend.push(item);
  }
  return { settled, toSend };
}
