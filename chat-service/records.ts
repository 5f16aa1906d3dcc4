import { chatConversationStates, chatGroupMembers, chatGroups, chatMessages, chatUsers } from "./db/schema";
import { serviceState } from "./settings";

/**
 * Builds the JSON records of the v3 contract (sections 2.1 to 2.5) from database rows.
 * Optional fields the real service leaves out when empty are left out here too.
 */

export type UserRow = typeof chatUsers.$inferSelect;
type GroupRow = typeof chatGroups.$inferSelect;
/** A message as the statements give it (./statements.ts `messageJson`): the stored columns, less the derived ones. */
export type MessageRow = Omit<typeof chatMessages.$inferSelect, "hasLinks" | "hasAttachments">;
export type GroupWithCount = GroupRow & { membersCount: number };
type MembershipRow = typeof chatGroupMembers.$inferSelect;
export type StateRow = typeof chatConversationStates.$inferSelect;

export const userConversationId = (a: string, b: string) => [a, b].sort().join("_user_");
export const groupConversationId = (guid: string) => `group_${guid}`;

export function userRecord(user: UserRow) {
  return {
    uid: user.uid,
    name: user.name,
    ...(user.avatar ? { avatar: user.avatar } : {}),
    ...(user.link ? { link: user.link } : {}),
    ...(user.metadata ? { metadata: user.metadata } : {}),
    role: user.role,
    status: user.status,
    createdAt: user.createdAt,
    ...(user.updatedAt ? { updatedAt: user.updatedAt } : {}),
    ...(user.deactivatedAt ? { deactivatedAt: user.deactivatedAt } : {}),
  };
}

/** `conversationId` of a user entity as `viewer` reads it: the conversation between them, none for the user itself. */
function withConversationId(entity: string, uid: string, viewer: string): string {
  if (!viewer || viewer === uid) return entity;
  return `${entity.slice(0, -1)},"conversationId":${JSON.stringify(userConversationId(viewer, uid))}}`;
}

/** A user as an entity of a message as `viewer` reads it: the stored `entity` (schema), with the conversation's id. */
export const userEntity = (user: Pick<UserRow, "uid" | "entity">, viewer = "") =>
  JSON.parse(withConversationId(user.entity, user.uid, viewer)) as Record<string, unknown>;

export function groupEntity(group: GroupWithCount) {
  return {
    guid: group.guid,
    icon: group.icon,
    name: group.name,
    type: group.type,
    owner: group.owner,
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
    updatedBy: group.updatedBy,
    description: group.description,
    membersCount: group.membersCount,
    conversationId: groupConversationId(group.guid),
  };
}

/** The users (their stored `entity` text, by UID) and groups the records built from them may name. */
export type Entities = { users: Map<string, string>; groups: Map<string, GroupWithCount> };

export const entitiesOf = (users: Iterable<Pick<UserRow, "uid" | "entity">>, groups: Iterable<GroupWithCount>) => ({
  users: new Map([...users].map((user) => [user.uid, user.entity])),
  groups: new Map([...groups].map((group) => [group.guid, group])),
});

/**
 * The entities a statement read with ./statements.ts `entitiesColumns`: "users" as text (each user's
 * UID, the unit separator and its entity, users apart by the record separator), "groups" as rows.
 */
export function entitiesOfColumns(row: { users?: string | null; groups?: GroupWithCount[] } | undefined): Entities {
  const users = new Map<string, string>();
  if (row?.users) {
    for (const line of row.users.split("\u001e")) {
      const at = line.indexOf("\u001f");
      users.set(line.slice(0, at), line.slice(at + 1));
    }
  }
  return { users, groups: new Map((row?.groups ?? []).map((group) => [group.guid, group])) };
}

/** A message's stored `recordSource` (schema) apart: the entities it names (name, kind, id, …), and its record's text up to them. */
function sourceParts(source: string): { names: string[]; prefix: string } {
  // The names hold no "{" (UIDs and GUIDs cannot): the record starts at the first.
  const at = source.indexOf("{");
  return { names: at > 0 ? source.slice(0, at - 1).split("\u001f") : [], prefix: source.slice(at) };
}

/** The UIDs and GUIDs a message refers to, so that they can be loaded in one go. */
export function referencesOf(message: Pick<MessageRow, "recordSource">): { uids: string[]; guids: string[] } {
  const { names } = sourceParts(message.recordSource);
  const uids: string[] = [];
  const guids: string[] = [];
  for (let i = 0; i + 2 < names.length; i += 3) (names[i + 1] === "group" ? guids : uids).push(names[i + 2]!);
  return { uids, guids };
}

/**
 * Writes messages' records (2.2) as JSON text, seen by `viewer`: each stored source with the
 * entities it names (a user's `conversationId` is the one between `viewer` and that user; one that
 * no longer exists is left out). Each entity's text is made once: a page of 1,000 messages in one
 * group names the group 1,000 times.
 */
export function messageRecordWriter(entities: Entities, viewer: string): (recordSource: string) => string {
  const made = { user: new Map<string, string | undefined>(), group: new Map<string, string | undefined>() };
  const entityText = (kind: string, id: string): string | undefined => {
    const group = kind === "group";
    const known = group ? made.group : made.user;
    if (known.has(id)) return known.get(id);
    let text: string | undefined;
    if (group) {
      const row = entities.groups.get(id);
      if (row) text = `{"entity":${JSON.stringify(groupEntity(row))},"entityType":"group"}`;
    } else {
      const entity = entities.users.get(id);
      if (entity) text = `{"entity":${withConversationId(entity, id, viewer)},"entityType":"user"}`;
    }
    known.set(id, text);
    return text;
  };
  return (recordSource) => {
    const { names, prefix } = sourceParts(recordSource);
    let members = "";
    for (let i = 0; i + 2 < names.length; i += 3) {
      const entity = entityText(names[i + 1]!, names[i + 2]!);
      if (entity) members += `${members ? "," : ""}"${names[i]}":${entity}`;
    }
    return `${prefix}"entities":{${members}}}}`;
  };
}

/** A message's record (2.2) seen by `viewer`, as an object, for an answer that holds it among other fields. */
export const messageRecord = (message: Pick<MessageRow, "recordSource">, entities: Entities, viewer: string) =>
  JSON.parse(messageRecordWriter(entities, viewer)(message.recordSource)) as MessageRecord;

export type MessageRecord = { id: string; conversationId: string; sentAt: number } & Record<string, unknown>;

/** `conversationWith` of a group conversation (2.4): the group as its member `membership` sees it. */
export function groupConversationWith(group: GroupWithCount, membership: Pick<MembershipRow, "scope" | "joinedAt">) {
  const { conversationId, ...groupFields } = groupEntity(group);
  return { ...groupFields, scope: membership.scope, joinedAt: membership.joinedAt, conversationId, hasJoined: true };
}

/** `conversationWith` of a user-to-user conversation: the other user, with the conversation's id. */
export const userConversationWith = (other: UserRow, conversationId: string) => ({
  ...userRecord(other),
  conversationId,
});

/** A conversation (2.1) as its owner sees it: the owner's tags (unless set to leave them out) and unread count. */
export function conversationRecord(
  state: StateRow,
  conversationType: "user" | "group",
  conversationWith: Record<string, unknown>,
  lastMessage: MessageRecord | undefined,
) {
  return {
    conversationId: state.conversationId,
    conversationType,
    unreadMessageCount: String(state.unreadMessageCount),
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    ...(serviceState().settings.omitConversationTags ? {} : { tags: state.tags }),
    ...(lastMessage ? { lastMessage } : {}),
    conversationWith,
  };
}
