"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { chatApi } from "@/lib/chat-api";
import { actorOf } from "@/lib/audit/actor";
import { RefusedError } from "@/lib/errors";
import { settlingLostAnswer } from "@/lib/settlements/lost-answer";
import { can, ROLE_LABELS } from "@/lib/roles";
import { messageRow, type MessageRow } from "@/lib/messages/message-rows";
import { deleteMessageSchema } from "@/lib/messages/schemas";

/** The most of a message's text the log keeps; a longer one is cut, and the entry says by how much. */
const SNAPSHOT_LENGTH = 4000;

function snapshotOf(row: MessageRow) {
  const text = row.text ?? "";
  return {
    text: text.length > SNAPSHOT_LENGTH ? text.slice(0, SNAPSHOT_LENGTH) : text,
    ...(text.length > SNAPSHOT_LENGTH ? { charactersCut: text.length - SNAPSHOT_LENGTH } : {}),
    attachments: row.attachments,
    sentAt: row.sentAt,
  };
}

/**
 * Deletes one message, soft by default (it stays, marked deleted) or, for admins, permanently. The
 * message is read first: the log keeps a snapshot of its text, and a message whose sender is not the
 * one the confirmation named is refused rather than deleted unseen. Sent with the key alone, so a
 * moderator may delete anyone's message (`deletedBy` reads `app_system`). An answer that never came
 * is settled from the message once the call can no longer take effect.
 */
export const deleteMessageAction = defineAction({
  name: "message.delete",
  permission: "messages.delete",
  describe: "delete messages",
  input: deleteMessageSchema,
  audit: ({ messageId, sender, owner, permanent, reason }) => ({
    affectedUids: [sender, owner],
    targetUid: sender,
    reason,
    requestBody: { messageId, permanent, ...(owner ? { seenBy: owner } : {}) },
  }),
  run: async ({ messageId, sender, owner, permanent }, context) => {
    if (permanent && !can(context.operator.role, "messages.delete.permanent"))
      throw new RefusedError(
        `Your role (${ROLE_LABELS[context.operator.role]}) does not allow you to delete messages permanently. Nothing was deleted.`,
      );
    const before = messageRow((await chatApi().getMessage(messageId, owner)).data, null);
    if (before.sender?.uid !== sender)
      throw new RefusedError(
        `Message ${messageId} was sent by ${before.sender?.uid ?? "someone the service does not name"}, not ${sender}. Nothing was deleted.`,
      );
    if (before.deleted && !permanent)
      throw new RefusedError(`Message ${messageId} was already deleted. Nothing changed.`);
    // Should the deletion fail, or its answer be lost, the log still has what the message said.
    context.keepOnFailure({ messageId, sender, snapshot: snapshotOf(before) });
    const answer = await settlingLostAnswer(
      {
        kind: permanent ? "delete_message_permanently" : "delete_message",
        operationId: context.operationId,
        action: "message.settle",
        items: [messageId],
        affectedUids: [sender],
        actor: actorOf(context.operator),
      },
      () => chatApi().deleteMessage(messageId, { permanent }),
    );
    revalidatePath("/users/[uid]/messages/[kind]/[peer]", "page");
    revalidatePath("/groups/[guid]", "page");
    return { before, after: permanent ? null : messageRow(answer.data, null), status: answer.status };
  },
  completion: ({ before, after, status }, { permanent }) => ({
    outcome: "succeeded",
    httpStatus: status,
    summary: {
      messageId: before.id,
      conversationId: before.conversationId,
      sender: before.sender?.uid ?? null,
      permanent,
      snapshot: snapshotOf(before),
      changeSet: { deletedAt: { old: before.deleted?.at ?? null, new: after?.deleted?.at ?? "removed" } },
    },
  }),
});
