import { randomUUID } from "node:crypto";
import type { Actor } from "@/lib/audit/actor";
import { auditedOperation, type AuditCompletion } from "@/lib/audit/operation";
import { errorCodeOf, type AuditAction } from "@/lib/audit/vocabulary";
import { blockCompletion, type BlockAnswer } from "@/lib/blocking/block-answer";
import { sendBlockCall } from "@/lib/blocking/send-block-call";
import { chatApi, ChatApiError } from "@/lib/chat-api";
import { getDb } from "@/lib/db/client";
import type { RequestInfo } from "@/lib/request-info";
import { recordBlocks } from "@/lib/timed-blocks/store";
import type { CallOutcome } from "./call-outcome";
import { scheduleSettlement, type LostCall } from "@/lib/settlements/schedule";
import type { ReportRow } from "./decision-store";

/**
 * What a removal does to its sender besides the message, each call an operation of its own folded
 * under the decision's (its `parentOperationId`), so that the decision reads as one operation and a
 * UID filter finds each call: a block of the sender on behalf of every reporter (through the one
 * block call, lib/blocking), a ban from the group, and the sender's deactivation, last, since a
 * deactivated user can no longer be blocked or banned.
 */

export type SenderOptions = { blockForReporters: boolean; deactivateSender: boolean; banFromGroup: boolean };
export type Parent = RequestInfo & { operationId: string; actor: Actor; reason: string };

/** The blocks a removal makes: each reporter blocks the senders of the messages they reported. */
export function blocksFor(removed: ReportRow[]): Map<string, string[]> {
  const blocks = new Map<string, Set<string>>();
  for (const report of removed)
    for (const reporter of report.reporters)
      if (reporter.uid !== report.senderUid)
        (blocks.get(reporter.uid) ?? blocks.set(reporter.uid, new Set()).get(reporter.uid)!).add(report.senderUid);
  return new Map([...blocks].map(([blocker, senders]) => [blocker, [...senders].sort()]));
}

/** The group bans a removal makes: each group's senders. */
export function bansFor(removed: ReportRow[]): Array<{ guid: string; uid: string }> {
  const pairs = new Map<string, { guid: string; uid: string }>();
  for (const report of removed)
    if (report.receiverType === "group")
      pairs.set(`${report.receiverId}\n${report.senderUid}`, { guid: report.receiverId, uid: report.senderUid });
  return [...pairs.values()];
}

async function child<T>(
  parent: Parent,
  entry: { action: AuditAction; affectedUids: string[]; targetUid: string; onBehalfOf?: string; requestBody: unknown },
  call: Omit<CallOutcome, "outcome">,
  work: () => Promise<T>,
  completion: (data: T) => AuditCompletion,
): Promise<CallOutcome> {
  const { operationId, actor, reason, ...info } = parent;
  let done: AuditCompletion | undefined;
  try {
    await auditedOperation(
      { operationId: randomUUID(), parentOperationId: operationId, actor, reason, ...info, ...entry },
      work,
      {
        success: (data) => (done = completion(data)),
        failure: (error) =>
          error instanceof ChatApiError
            ? {
                errorCode: error.outcomeUnknown ? "ANSWER_LOST" : errorCodeOf(error),
                httpStatus: error.status,
                outcome: error.outcomeUnknown ? "unknown" : "failed",
              }
            : { errorCode: "INTERNAL" },
      },
    );
    return { ...call, outcome: done?.outcome === "unknown" ? "unknown" : (done?.outcome ?? "succeeded") };
  } catch (error) {
    if (!(error instanceof ChatApiError)) throw error;
    return {
      ...call,
      outcome: error.outcomeUnknown ? "unknown" : "failed",
      httpStatus: error.status,
      errorCode: error.outcomeUnknown ? "ANSWER_LOST" : errorCodeOf(error),
      message: error.userMessage,
    };
  }
}

async function blockForReporter(parent: Parent, blocker: string, senders: string[]): Promise<CallOutcome> {
  return child(
    parent,
    {
      action: "users.block",
      affectedUids: [blocker, ...senders],
      targetUid: blocker,
      requestBody: { blockedUids: senders },
    },
    { call: "block", target: blocker },
    async (): Promise<BlockAnswer> => {
      const answer = await sendBlockCall(
        { blocker, uids: senders, verb: "block" },
        { operationId: parent.operationId, actor: parent.actor, reason: parent.reason, expiresInSeconds: null },
      );
      const made = (outcome: string) => answer.rows.filter((row) => row.outcome === outcome).map((row) => row.uid);
      await recordBlocks(await getDb(), {
        blockerUid: blocker,
        blocked: made("blocked"),
        alreadyBlocked: made("already_blocked"),
        expiresInSeconds: null,
        operationId: parent.operationId,
        actor: parent.actor,
        reason: parent.reason,
      });
      return answer;
    },
    blockCompletion,
  );
}

const ALREADY_BANNED = "ERR_ALREADY_BANNED";

/** A ban or deactivation whose answer never came is settled once it can no longer land (lib/settlements). */
async function settledLater(outcome: CallOutcome, lost: Pick<LostCall, "kind" | "items" | "target">, parent: Parent) {
  if (outcome.outcome !== "unknown") return outcome;
  await scheduleSettlement(await getDb(), {
    ...lost,
    operationId: parent.operationId,
    action: "report.settle",
    actor: parent.actor,
    reason: parent.reason,
  });
  return {
    ...outcome,
    message: `${outcome.message ?? "The answer never came."} It is settled from the service's lists once the call can no longer take effect.`,
  };
}

async function banFromGroup(parent: Parent, guid: string, uid: string): Promise<CallOutcome> {
  const outcome = await child(
    parent,
    { action: "group.member.ban", affectedUids: [uid], targetUid: uid, requestBody: { guid, uid } },
    { call: "ban", target: guid },
    async () => {
      try {
        return { status: (await chatApi().banGroupMember(guid, uid)).status, already: false };
      } catch (error) {
        if (error instanceof ChatApiError && error.code === ALREADY_BANNED)
          return { status: error.status, already: true };
        throw error;
      }
    },
    ({ status, already }) => ({ outcome: "succeeded", httpStatus: status, summary: { guid, uid, already } }),
  );
  return settledLater(outcome, { kind: "ban", items: [uid], target: guid }, parent);
}

async function deactivate(parent: Parent, uids: string[]): Promise<CallOutcome> {
  const outcome = await child(
    parent,
    { action: "user.deactivate", affectedUids: uids, targetUid: uids[0]!, requestBody: { uidsToDeactivate: uids } },
    { call: "deactivate", target: uids.join(", ") },
    () => chatApi().deactivateUsers(uids),
    ({ status, data }) => {
      const done = new Set(data.deactivatedUids ?? []);
      const missing = uids.filter((uid) => !done.has(uid));
      return {
        outcome: missing.length === 0 ? "succeeded" : missing.length === uids.length ? "failed" : "partial",
        httpStatus: status,
        summary: { deactivated: [...done], notDeactivated: missing },
      };
    },
  );
  return settledLater(outcome, { kind: "deactivate", items: uids }, parent);
}

/** The sender calls of a removal, in order; each logged under the decision. */
export async function senderCalls(
  parent: Parent,
  removed: ReportRow[],
  options: SenderOptions,
): Promise<CallOutcome[]> {
  const calls: CallOutcome[] = [];
  if (options.blockForReporters)
    for (const [blocker, senders] of blocksFor(removed)) calls.push(await blockForReporter(parent, blocker, senders));
  if (options.banFromGroup)
    for (const { guid, uid } of bansFor(removed)) calls.push(await banFromGroup(parent, guid, uid));
  const senders = [...new Set(removed.map((report) => report.senderUid))].sort();
  if (options.deactivateSender && senders.length > 0) calls.push(await deactivate(parent, senders));
  return calls;
}
