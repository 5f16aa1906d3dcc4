import { chatErrors } from "./errors";
import { knownLastMessage, rememberLastMessage, type LastMessage } from "./known-last-messages";
import { nowSeconds } from "./lookups";
import {
  conversationRecord,
  entitiesOfColumns,
  groupConversationId,
  groupConversationWith,
  messageRecord,
  userConversationId,
  userConversationWith,
  type GroupWithCount,
  type StateRow,
  type UserRow,
} from "./records";
import type { Statement } from "./db/client";
import { chatStore } from "./service";
import { statements } from "./statements";

/** A conversation statement's row; the last message's columns only when it was asked for. */
type ConversationRow = {
  ownerFound: boolean;
  state: StateRow | null;
  /** `alone` only: the conversation's last message now (id and last change), to check a kept one against. */
  lastMessageVersion?: { id: number; updatedAt: number } | null;
  /** `withLastMessage` only: the last message, and the users (as text) and groups it names. */
  message?: LastMessage["message"];
  users?: string | null;
  groups?: GroupWithCount[];
};
type UserConversationRow = ConversationRow & { other: UserRow | null };
type GroupConversationRow = ConversationRow & {
  group: GroupWithCount | null;
  membership: { scope: string; joinedAt: number } | null;
};

/** `[owner, target, conversationId, tags or null, now]`: the parameters of both conversation statements. */
const paramsOf = (owner: string, target: string, conversationId: string, tags: string[] | undefined) => [
  owner,
  target,
  conversationId,
  tags === undefined ? null : JSON.stringify(tags),
  nowSeconds(),
];

const sameVersion = (known: LastMessage, now: ConversationRow["lastMessageVersion"]) =>
  known.message ? now?.id === known.message.id && now.updatedAt === known.message.updatedAt : !now;

/**
 * Runs `alone` (without the last message) for a conversation whose last message was read before,
 * and uses the kept one while the statement says it is still the last and unchanged; otherwise (a
 * message sent, deleted or permanently removed since) `withLastMessage`, which reads it again.
 */
async function runConversation<Row extends ConversationRow>(
  conversationId: string,
  statements: { withLastMessage: Statement; alone: Statement },
  params: unknown[],
): Promise<{ row: Row | undefined; lastMessage: LastMessage | undefined }> {
  const known = knownLastMessage(conversationId);
  if (known) {
    const [row] = await chatStore().run<Row>(statements.alone, params);
    if (!row?.state || sameVersion(known, row.lastMessageVersion)) return { row, lastMessage: known };
  }
  const [row] = await chatStore().run<Row>(statements.withLastMessage, params);
  if (!row?.state) return { row, lastMessage: undefined };
  const lastMessage = { message: row.message ?? null, entities: entitiesOfColumns(row) };
  rememberLastMessage(conversationId, lastMessage);
  return { row, lastMessage };
}

function lastMessageRecord(lastMessage: LastMessage | undefined, viewer: string) {
  if (!lastMessage?.message) return undefined;
  return messageRecord(lastMessage.message, lastMessage.entities, viewer);
}

/** A user-to-user conversation as `owner` sees it (2.1), its tags replaced first when `tags` is given. */
async function userConversation(owner: string, other: string, tags?: string[]) {
  const conversationId = userConversationId(owner, other);
  const { row, lastMessage } = await runConversation<UserConversationRow>(
    conversationId,
    statements.userConversation,
    paramsOf(owner, other, conversationId, tags),
  );
  if (!row?.ownerFound) throw chatErrors.uidNotFound(owner);
  if (!row.other) throw chatErrors.uidNotFound(other);
  if (!row.state) throw chatErrors.conversationNotAccessible(conversationId, owner);
  const conversationWith = userConversationWith(row.other, conversationId);
  return conversationRecord(row.state, "user", conversationWith, lastMessageRecord(lastMessage, owner));
}

/** A group conversation as its member `owner` sees it (2.1), its tags replaced first when `tags` is given. */
async function groupConversation(owner: string, guid: string, tags?: string[]) {
  const conversationId = groupConversationId(guid);
  const { row, lastMessage } = await runConversation<GroupConversationRow>(
    conversationId,
    statements.groupConversation,
    paramsOf(owner, guid, conversationId, tags),
  );
  if (!row?.ownerFound) throw chatErrors.uidNotFound(owner);
  if (!row.group) throw chatErrors.guidNotFound(guid);
  if (!row.membership || !row.state) throw chatErrors.conversationNotAccessible(conversationId, owner);
  const conversationWith = groupConversationWith(row.group, row.membership);
  return conversationRecord(row.state, "group", conversationWith, lastMessageRecord(lastMessage, owner));
}

export const getUserConversation = (owner: string, other: string) => userConversation(owner, other);

export const updateUserConversation = (owner: string, other: string, tags: string[] | undefined) =>
  userConversation(owner, other, tags);

export const getGroupConversation = (owner: string, guid: string) => groupConversation(owner, guid);

export const updateGroupConversation = (owner: string, guid: string, tags: string[] | undefined) =>
  groupConversation(owner, guid, tags);
