import type { Entities, MessageRow } from "./records";

/** A conversation's last message (none when it has no messages) with every user and group it names. */
export type LastMessage = {
  message: Pick<MessageRow, "id" | "updatedAt" | "recordSource"> | null;
  entities: Entities;
};

/**
 * Enough for every conversation of the demo data many times over; past it the oldest is let go.
 * An entry is a message and a few users: ~2 KB, so at most ~20 MB.
 */
export const LAST_MESSAGES_KEPT = 10_000;

const known = new Map<string, LastMessage>();

/**
 * The last message of each conversation read so far, with the users and groups it names, so that a
 * conversation's statement need not build them again. Messages are sent and deleted (by this process
 * or another on the same PostgreSQL database), so an entry is used only while the conversation's
 * statement finds the same last message, unchanged (its id and updatedAt: ./conversations.ts).
 * The users and groups are kept as the message was first read, as the vendor's message entities
 * are a copy made when the message was sent.
 */
export const knownLastMessage = (conversationId: string): LastMessage | undefined => known.get(conversationId);

export function rememberLastMessage(conversationId: string, lastMessage: LastMessage): void {
  if (known.size >= LAST_MESSAGES_KEPT) known.delete(known.keys().next().value!);
  known.set(conversationId, lastMessage);
}

/** For the service's own start on another database (tests start it more than once in a process). */
export const forgetLastMessages = () => known.clear();
