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

/** A user as an entity of a message; `conversationId` is the one between `viewer` and this user. */
export function userEntity(user: UserRow, viewer?: string) {
  return {
    uid: user.uid,
    name: user.name,
    role: user.role,
    ...(user.avatar ? { avatar: user.avatar } : {}),
    status: user.status,
    createdAt: user.createdAt,
    ...(user.link ? { link: user.link } : {}),
    ...(user.updatedAt ? { updatedAt: user.updatedAt } : {}),
    ...(viewer && viewer !== user.uid ? { conversationId: userConversationId(viewer, user.uid) } : {}),
  };
}

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

export type Entities = { users: Map<string, UserRow>; groups: Map<string, GroupWithCount> };

type Entity =
  | { entity: ReturnType<typeof userEntity>; entityType: "user" }
  | { entity: ReturnType<typeof groupEntity>; entityType: "group" };

/**
 * Each entity made once for the records built from one set of entities: a page of 1,000 messages in
 * one group names the group 1,000 times, and serialises the one object each time.
 */
const madeEntities = new WeakMap<Entities, Map<string, Entity | undefined>>();

function userOrGroupEntity(id: string, kind: string, entities: Entities, viewer: string): Entity | undefined {
  let made = madeEntities.get(entities);
  if (!made) madeEntities.set(entities, (made = new Map()));
  const key = `${kind}\u0000${viewer}\u0000${id}`;
  if (made.has(key)) return made.get(key);
  const entity = newEntity(id, kind, entities, viewer);
  made.set(key, entity);
  return entity;
}

function newEntity(id: string, kind: string, entities: Entities, viewer: string): Entity | undefined {
  if (kind === "group") {
    const group = entities.groups.get(id);
    return group && { entity: groupEntity(group), entityType: "group" };
  }
  const user = entities.users.get(id);
  return user && { entity: userEntity(user, viewer), entityType: "user" };
}

/** The UIDs and GUIDs a message refers to, so that they can be loaded in one go. */
export function referencesOf(message: MessageRow): { uids: string[]; guids: string[] } {
  const uids = [message.sender];
  const guids: string[] = [];
  (message.receiverType === "group" ? guids : uids).push(message.receiver);
  if (message.category === "action") {
    const data = message.data as { by?: string; on?: string; for?: string; forType?: string };
    if (data.by) uids.push(data.by);
    if (data.on) uids.push(data.on);
    if (data.for) (data.forType === "user" ? uids : guids).push(data.for);
  }
  return { uids, guids };
}

function compact<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

function messageData(message: MessageRow, entities: Entities, viewer: string) {
  if (message.category === "action") {
    const {
      by,
      on,
      for: target,
      forType,
      ...rest
    } = message.data as {
      by?: string;
      on?: string;
      for?: string;
      forType?: string;
    };
    return {
      ...rest,
      entities: compact({
        by: by ? userOrGroupEntity(by, "user", entities, viewer) : undefined,
        on: on ? userOrGroupEntity(on, "user", entities, viewer) : undefined,
        for: target ? userOrGroupEntity(target, forType ?? "group", entities, viewer) : undefined,
      }),
    };
  }
  const sender = userOrGroupEntity(message.sender, "user", entities, viewer);
  const receiver = userOrGroupEntity(message.receiver, message.receiverType, entities, viewer);
  return { ...message.data, entities: { ...(sender && { sender }), ...(receiver && { receiver }) } };
}

export function messageRecord(message: MessageRow, entities: Entities, viewer: string) {
  return {
    id: String(message.id),
    conversationId: message.conversationId,
    sender: message.sender,
    receiverType: message.receiverType,
    receiver: message.receiver,
    category: message.category,
    type: message.type,
    data: messageData(message, entities, viewer),
    sentAt: message.sentAt,
    updatedAt: message.updatedAt,
    ...(message.deletedAt ? { deletedAt: message.deletedAt, deletedBy: message.deletedBy } : {}),
    // The contract gives receipts as `{ data: [[...]] }`: one inner list of the message's receipts.
    receipts: { data: message.receipts.length > 0 ? [message.receipts] : [] },
  };
}

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
  lastMessage: ReturnType<typeof messageRecord> | undefined,
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
