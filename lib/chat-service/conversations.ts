import { chatErrors } from "./errors";
import { nowSeconds } from "./lookups";
import {
  conversationRecord,
  groupConversationId,
  groupConversationWith,
  messageRecord,
  userConversationId,
  userConversationWith,
  type GroupWithCount,
  type MessageRow,
  type StateRow,
  type UserRow,
} from "./records";
import { chatStore } from "./service";
import { statements } from "./statements";

type ConversationRow = {
  ownerFound: boolean;
  state: StateRow | null;
  message: MessageRow | null;
  users: UserRow[];
  groups: GroupWithCount[];
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

function lastMessageOf(row: ConversationRow, viewer: string) {
  if (!row.message) return undefined;
  const entities = {
    users: new Map(row.users.map((user) => [user.uid, user])),
    groups: new Map(row.groups.map((group) => [group.guid, group])),
  };
  return messageRecord(row.message, entities, viewer);
}

/** A user-to-user conversation as `owner` sees it (2.1), its tags replaced first when `tags` is given. */
async function userConversation(owner: string, other: string, tags?: string[]) {
  const conversationId = userConversationId(owner, other);
  const [row] = await chatStore().run<UserConversationRow>(
    statements.userConversation,
    paramsOf(owner, other, conversationId, tags),
  );
  if (!row?.ownerFound) throw chatErrors.uidNotFound(owner);
  if (!row.other) throw chatErrors.uidNotFound(other);
  if (!row.state) throw chatErrors.conversationNotAccessible(conversationId, owner);
  const conversationWith = userConversationWith(row.other, conversationId);
  return conversationRecord(row.state, "user", conversationWith, lastMessageOf(row, owner));
}

/** A group conversation as its member `owner` sees it (2.1), its tags replaced first when `tags` is given. */
async function groupConversation(owner: string, guid: string, tags?: string[]) {
  const conversationId = groupConversationId(guid);
  const [row] = await chatStore().run<GroupConversationRow>(
    statements.groupConversation,
    paramsOf(owner, guid, conversationId, tags),
  );
  if (!row?.ownerFound) throw chatErrors.uidNotFound(owner);
  if (!row.group) throw chatErrors.guidNotFound(guid);
  if (!row.membership || !row.state) throw chatErrors.conversationNotAccessible(conversationId, owner);
  const conversationWith = groupConversationWith(row.group, row.membership);
  return conversationRecord(row.state, "group", conversationWith, lastMessageOf(row, owner));
}

export const getUserConversation = (owner: string, other: string) => userConversation(owner, other);

export const updateUserConversation = (owner: string, other: string, tags: string[] | undefined) =>
  userConversation(owner, other, tags);

export const getGroupConversation = (owner: string, guid: string) => groupConversation(owner, guid);

export const updateGroupConversation = (owner: string, guid: string, tags: string[] | undefined) =>
  groupConversation(owner, guid, tags);
