import { and, eq, inArray } from "drizzle-orm";
import { ChatApiError, chatApi } from "@/lib/chat-api";
import type { ActionContext } from "@/lib/actions/define-action";
import type { AuditCompletion } from "@/lib/audit/operation";
import { getDb } from "@/lib/db/client";
import { blockedMessages } from "@/lib/db/schema";
import { RefusedError } from "@/lib/errors";
import { settleDecision, takeForDecision } from "./index-store";
import { revalidatePath } from "next/cache";

/**
 * "Deliver" (the vendor's approve) or "Keep blocked" (its reject), for listed messages or every
 * pending blocked message of a sender. Each message is taken for the decision first, so that two
 * moderators never send one twice; each answer is then checked at the service (a delivered message
 * reads as a message, a kept one does not), and the log keeps every message's outcome.
 */

export type BlockedDecision = "deliver" | "keep";
export type DecisionTarget = { kind: "messages"; messageIds: string[] } | { kind: "sender"; senderUid: string };

type MessageOutcome = {
  messageId: string;
  senderUid: string;
  outcome: "delivered" | "kept" | "already decided" | "failed";
  /** Whether a read of the message afterwards showed the decision in effect. */
  checked?: boolean;
  error?: string;
};

const AT_ONCE = 4;

/** The messages a decision names, as the index has them. */
async function targetMessages(target: DecisionTarget) {
  const db = await getDb();
  return db
    .select({
      messageId: blockedMessages.messageId,
      senderUid: blockedMessages.senderUid,
      status: blockedMessages.status,
    })
    .from(blockedMessages)
    .where(
      target.kind === "messages"
        ? inArray(blockedMessages.messageId, target.messageIds)
        : and(eq(blockedMessages.senderUid, target.senderUid), eq(blockedMessages.status, "pending")),
    );
}

/** Whether the service shows the decision: a delivered message can be read, a kept one cannot. */
async function checked(messageId: string, decision: BlockedDecision): Promise<boolean> {
  try {
    await chatApi().getMessage(messageId);
    return decision === "deliver";
  } catch (error) {
    if (error instanceof ChatApiError && error.code === "ERR_MESSAGE_ID_NOT_FOUND") return decision === "keep";
    return false;
  }
}

export async function decideBlocked(decision: BlockedDecision, target: DecisionTarget, context: ActionContext) {
  const db = await getDb();
  const named = await targetMessages(target);
  if (named.length === 0)
    throw new RefusedError(
      target.kind === "sender"
        ? "No blocked message of this sender waits for a decision."
        : "That message is not among the blocked messages: reload the page.",
    );
  const taken = new Set(
    await takeForDecision(
      db,
      named.map((message) => message.messageId),
      context.operationId,
    ),
  );
  const decider = { id: context.operator.id, name: context.operator.name };
  const outcomes: MessageOutcome[] = named
    .filter((message) => !taken.has(message.messageId))
    .map((message) => ({ messageId: message.messageId, senderUid: message.senderUid, outcome: "already decided" }));
  const queue = named.filter((message) => taken.has(message.messageId));
  const worker = async () => {
    for (let message = queue.shift(); message; message = queue.shift()) {
      try {
        await chatApi().reviewBlockedMessage(message.messageId, decision === "deliver" ? "approved" : "rejected");
        const status = decision === "deliver" ? "delivered" : "kept";
        await settleDecision(db, message.messageId, { status, decider });
        outcomes.push({
          messageId: message.messageId,
          senderUid: message.senderUid,
          outcome: status,
          checked: await checked(message.messageId, decision),
        });
      } catch (error) {
        const gone =
          error instanceof ChatApiError &&
          (error.code === "ERR_MESSAGE_ID_NOT_FOUND" || error.code === "ERR_MESSAGE_ALREADY_REVIEWED");
        await settleDecision(db, message.messageId, { status: gone ? "gone" : "pending", decider });
        outcomes.push({
          messageId: message.messageId,
          senderUid: message.senderUid,
          outcome: gone ? "already decided" : "failed",
          error: error instanceof ChatApiError ? error.userMessage : "The console could not send the decision.",
        });
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  revalidatePath("/reports/blocked");
  revalidatePath("/rules");
  outcomes.sort((a, b) => a.messageId.localeCompare(b.messageId, undefined, { numeric: true }));
  return { decision, outcomes };
}

/** The log's completion of a decision: succeeded, partial or failed by its messages' outcomes. */
export function decisionCompletion({ decision, outcomes }: Awaited<ReturnType<typeof decideBlocked>>): AuditCompletion {
  const done = outcomes.filter((outcome) => outcome.outcome === "delivered" || outcome.outcome === "kept").length;
  const failed = outcomes.filter((outcome) => outcome.outcome === "failed").length;
  return {
    outcome: failed === 0 ? "succeeded" : done > 0 ? "partial" : "failed",
    summary: { decision, decided: done, failed, messages: outcomes },
  };
}

/** What the log files a decision under: every sender it touches. */
export async function decisionRequest(decision: BlockedDecision, target: DecisionTarget) {
  const named = await targetMessages(target);
  return {
    affectedUids: [
      ...new Set([
        ...named.map((message) => message.senderUid),
        target.kind === "sender" ? target.senderUid : undefined,
      ]),
    ],
    targetUid: target.kind === "sender" ? target.senderUid : named[0]?.senderUid,
    requestBody: { decision, ...target },
  };
}
