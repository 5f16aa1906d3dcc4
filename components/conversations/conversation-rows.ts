import type { ChatConversation } from "@/lib/chat-api/schemas";
import { tagsOf } from "@/lib/tags";
import { describeAction } from "@/lib/messages/action-sentence";

/** One row of a user's conversations, reduced to what the table shows; plain data, for a client component. */
export type ConversationRow = {
  conversationId: string;
  peer: { kind: "user" | "group"; id: string; name: string | null };
  lastMessage: { preview: string; sentAt: number | null; sender: string | null } | null;
  unread: number;
  /** This user's tags on their copy; null when the service did not say. */
  tags: string[] | null;
  updatedAt: number | null;
};

const PREVIEW_LENGTH = 80;

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

function numberOf(value: unknown): number | null {
  const number = typeof value === "string" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : null;
}

function preview(message: NonNullable<ChatConversation["lastMessage"]>): string {
  const words =
    describeAction(message) ?? text(message.data?.text) ?? (message.type ? `(${message.type} message)` : "(message)");
  return words.length > PREVIEW_LENGTH ? `${words.slice(0, PREVIEW_LENGTH)}…` : words;
}

/** The other side: the group, else the user, of `conversationWith`; else read from the conversation id. */
function peerOf(record: ChatConversation, owner: string): ConversationRow["peer"] | null {
  const other = (record.conversationWith ?? {}) as Record<string, unknown>;
  const name = text(other.name);
  if (record.conversationType === "group") {
    const guid = text(other.guid) ?? record.conversationId.replace(/^group_/, "");
    return { kind: "group", id: guid, name };
  }
  const uid =
    text(other.uid) ??
    record.conversationId
      .split("_user_")
      .find((part) => part !== owner)
      ?.trim();
  return uid ? { kind: "user", id: uid, name } : null;
}

/** The rows of `owner`'s conversations; a record whose other side cannot be told is left out of the table. */
export function conversationRows(records: ChatConversation[], owner: string): ConversationRow[] {
  return records.flatMap((record) => {
    const peer = peerOf(record, owner);
    if (!peer) return [];
    const message = record.lastMessage;
    return [
      {
        conversationId: record.conversationId,
        peer,
        lastMessage: message
          ? { preview: preview(message), sentAt: numberOf(message.sentAt), sender: text(message.sender) }
          : null,
        unread: numberOf(record.unreadMessageCount) ?? 0,
        tags: tagsOf(record),
        updatedAt: numberOf(record.updatedAt),
      },
    ];
  });
}
