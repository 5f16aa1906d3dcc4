import type {
  chatBlocks,
  chatConversationStates,
  chatGroupMembers,
  chatGroups,
  chatMessageFlags,
  chatMessages,
  chatUsers,
} from "./db/schema";

/** The rows of the demo data, shared by its modules (demo-data, demo-chatter, demo-raid, demo-raid-flags). */

export type UserInsert = typeof chatUsers.$inferInsert;
export type GroupInsert = typeof chatGroups.$inferInsert;
export type MemberInsert = typeof chatGroupMembers.$inferInsert;
/** Without `id`: the bigserial numbers messages in insertion order, which is chronological. */
export type MessageInsert = Omit<typeof chatMessages.$inferInsert, "id">;
export type StateInsert = typeof chatConversationStates.$inferInsert;
export type BlockInsert = typeof chatBlocks.$inferInsert;
/** A user's flag of a message, which the seed numbers once the message has its id. */
export type FlagDraft = Omit<typeof chatMessageFlags.$inferInsert, "messageId"> & { message: MessageInsert };

export type DemoData = {
  users: UserInsert[];
  groups: GroupInsert[];
  members: MemberInsert[];
  messages: MessageInsert[];
  states: StateInsert[];
  blocks: BlockInsert[];
  flags: FlagDraft[];
};

export type Conversation = {
  conversationId: string;
  messages: MessageInsert[];
  states: StateInsert[];
  lastMessageAt: number;
};

export type GroupBuild = Conversation & { group: GroupInsert; members: MemberInsert[] };

export const MINUTE = 60;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A text message as the demo data writes them: no receipts unless given. */
export function textMessage(
  fields: Pick<MessageInsert, "conversationId" | "sender" | "receiverType" | "receiver" | "sentAt">,
  text: string,
  receipts: MessageInsert["receipts"] = [],
): MessageInsert {
  return { ...fields, category: "message", type: "text", data: { text }, receipts, updatedAt: fields.sentAt };
}
