"use client";

import { useId, useState } from "react";
import { ReasonActionButton } from "@/components/ui/reason-action-button";
import { deleteMessageAction } from "@/lib/messages/actions/delete-message";
import { firstWords, type MessageRow } from "@/lib/messages/message-rows";

const UNANSWERED =
  "The console could not reach its server, so it does not know whether the message was deleted. Check the action log before trying again.";

type DeleteMessageButtonProps = {
  message: Pick<MessageRow, "id" | "text" | "attachments" | "deleted"> & { sender: NonNullable<MessageRow["sender"]> };
  /** Whose view of the conversation this is, if a user's: recorded with the deletion. */
  owner?: string;
  /** Admins may also delete permanently. */
  canDeletePermanently: boolean;
};

/** "Delete message": soft by default, permanently for admins who tick it; confirmed, naming the sender and the first words. */
export function DeleteMessageButton({ message, owner, canDeletePermanently }: DeleteMessageButtonProps) {
  const id = useId();
  const [permanent, setPermanent] = useState(false);
  const { sender } = message;
  const who = sender.name ? `${sender.name} (${sender.uid})` : sender.uid;
  const words = firstWords(message);
  // A message already deleted softly can only be removed for good (admins).
  const forGood = permanent || message.deleted !== null;
  return (
    <ReasonActionButton
      label={message.deleted ? "Delete permanently" : "Delete message"}
      labelDetail={`from ${who}: “${words}”`}
      title={forGood ? "Delete this message permanently?" : "Delete this message?"}
      confirmLabel={forGood ? "Delete permanently" : "Delete message"}
      pendingLabel="Deleting…"
      tone="danger"
      action={deleteMessageAction}
      input={(reason) => ({
        messageId: message.id,
        sender: sender.uid,
        ...(owner ? { owner } : {}),
        permanent: forGood,
        reason,
      })}
      done={() => (forGood ? `Deleted message ${message.id} permanently.` : `Deleted message ${message.id}.`)}
      unanswered={UNANSWERED}
    >
      <p>
        The message of <strong className="[overflow-wrap:anywhere]">{who}</strong>:{" "}
        <q className="[overflow-wrap:anywhere]">{words}</q>
      </p>
      <p>
        {forGood
          ? "It is removed from the chat service with its reports, and cannot be brought back."
          : "It stays in the conversation marked deleted, so what was said can still be read here."}
      </p>
      {canDeletePermanently && !message.deleted && (
        <label htmlFor={`${id}-permanent`} className="flex items-center gap-2 font-medium text-slate-800">
          <input
            id={`${id}-permanent`}
            type="checkbox"
            checked={permanent}
            onChange={(event) => setPermanent(event.target.checked)}
          />
          Delete permanently
        </label>
      )}
    </ReasonActionButton>
  );
}
