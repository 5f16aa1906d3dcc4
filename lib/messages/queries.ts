import "server-only";
import { chatApi, ChatApiError } from "@/lib/chat-api";
import type { MessageCursor } from "@/lib/url-state";
import { messageRow, type MessageRow } from "./message-rows";
import { openReportCounts } from "./report-counts";

/** Messages a page shows. */
const MESSAGES_PER_PAGE = 25;

/** Whose messages: a user's conversation with another user or a group, as that user sees it; or a group's. */
export type MessagesOf = { kind: "user"; owner: string; uid: string } | { kind: "group"; guid: string; owner?: string };

export type MessagesView =
  | {
      rows: MessageRow[];
      /** Where the next older page starts, and the newer one, if there is one. */
      older: MessageCursor | null;
      newer: MessageCursor | null;
      /** The open reports could not be read: each row's count is null. */
      reportsUnknown: boolean;
    }
  | { error: string };

const scopeOf = (of: MessagesOf) =>
  of.kind === "user"
    ? ({ kind: "user", uid: of.uid, onBehalfOf: of.owner } as const)
    : ({ kind: "group", guid: of.guid, ...(of.owner ? { onBehalfOf: of.owner } : {}) } as const);

const cursorAt = (affix: MessageCursor["affix"], row: MessageRow | undefined): MessageCursor | null =>
  row && row.sentAt !== null ? { affix, sentAt: row.sentAt, id: row.id } : null;

/** The vendor's id of the conversation of two users: their UIDs in order, joined by `_user_`. */
const userConversationId = (a: string, b: string) => [a, b].sort().join("_user_");

/**
 * The listing of a conversation. With a deactivated user, the chat service answers ERR_UID_NOT_FOUND
 * to their conversation's path, but still lists the messages of its id among the app's: what a raider
 * wrote stays readable after their account was deactivated.
 */
async function listConversation(of: MessagesOf, filters: { limit: number; cursor?: MessageCursor }) {
  try {
    return await chatApi().listMessages(scopeOf(of), filters);
  } catch (error) {
    if (of.kind !== "user" || !(error instanceof ChatApiError) || error.code !== "ERR_UID_NOT_FOUND") throw error;
    return chatApi().listMessages(
      { kind: "app", onBehalfOf: of.owner },
      { ...filters, conversationId: userConversationId(of.owner, of.uid) },
    );
  }
}

/**
 * One page of a conversation's messages, newest first. The chat service walks from a cursor: `prepend`
 * to older messages (newest first), `append` to newer ones (oldest first, turned round here). One
 * message more than the page is asked for, to know whether there is a page beyond.
 */
export async function readMessages(of: MessagesOf, cursor: MessageCursor | undefined): Promise<MessagesView> {
  let listed;
  let counts;
  try {
    [listed, counts] = await Promise.all([
      listConversation(of, { limit: MESSAGES_PER_PAGE + 1, ...(cursor ? { cursor } : {}) }),
      openReportCounts(),
    ]);
  } catch (error) {
    if (error instanceof ChatApiError) return { error: error.userMessage };
    throw error;
  }
  const walkingNewer = cursor?.affix === "append";
  const items = listed.data.data;
  const more = items.length > MESSAGES_PER_PAGE;
  // Back at the newest messages, the page is the first one, full as it is.
  if (walkingNewer && !more) return readMessages(of, undefined);
  const page = items.slice(0, MESSAGES_PER_PAGE);
  const rows = (walkingNewer ? page.reverse() : page).map((message) =>
    messageRow(message, counts ? (counts.get(message.id) ?? 0) : null),
  );
  return {
    rows,
    older: walkingNewer || more ? cursorAt("prepend", rows.at(-1)) : null,
    newer: cursor === undefined ? null : cursorAt("append", rows[0]),
    reportsUnknown: counts === null,
  };
}

/** The name of the other side of a conversation, for the page's title; null when the service does not give it. */
export async function peerName(peer: { kind: "user" | "group"; id: string }): Promise<string | null> {
  try {
    const answer = peer.kind === "user" ? await chatApi().getUser(peer.id) : await chatApi().getGroup(peer.id);
    return answer.data.name || null;
  } catch (error) {
    if (error instanceof ChatApiError) return null;
    throw error;
  }
}
