import type { GroupWithCount, MessageRow, UserRow } from "./records";

/** A conversation's last message (none when it has no messages) with every user and group it names. */
export type LastMessage = { message: MessageRow | null; users: UserRow[]; groups: GroupWithCount[] };

/**
 * Enough for every conversation of the demo data many times over; past it the oldest is let go.
 * An entry is a message and a few users: ~2 KB, so at most ~20 MB.
 */
export const LAST_MESSAGES_KEPT = 10_000;

const known = new Map<string, LastMessage>();

/**
 * The last message of each conversation read so far, so that a conversation's statement need not
 * read it again: messages are written once, when the demo data is loaded into an empty database,
 * and the service never changes a user, a group or a membership (it only adds users). Entries are
 * therefore never stale, in this process or beside others on the same PostgreSQL database. Should
 * the service ever send, edit or delete messages, or change users or groups, this must go.
 */
export const knownLastMessage = (conversationId: string): LastMessage | undefined => known.get(conversationId);

export function rememberLastMessage(conversationId: string, lastMessage: LastMessage): void {
  if (known.size >= LAST_MESSAGES_KEPT) known.delete(known.keys().next().value!);
  known.set(conversationId, lastMessage);
}

/** For the service's own start on another database (tests start it more than once in a process). */
export const forgetLastMessages = () => known.clear();
