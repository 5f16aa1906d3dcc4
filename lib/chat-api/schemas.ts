import { z } from "zod";

/**
 * What the console reads from the chat API v3. Every object is loose: fields the console does not
 * know survive parsing, so that the raw record can be shown and nothing the service adds breaks a
 * page. Fields the real service is known to leave out are optional.
 */

const timestamp = z.number();

export const chatUserSchema = z.looseObject({
  uid: z.string(),
  name: z.string(),
  avatar: z.string().optional(),
  link: z.string().optional(),
  role: z.string().optional(),
  status: z.string().optional(),
  createdAt: timestamp.optional(),
  updatedAt: timestamp.optional(),
  conversationId: z.string().optional(),
});

export const chatGroupSchema = z.looseObject({
  guid: z.string(),
  name: z.string().optional(),
  icon: z.string().optional(),
  type: z.string().optional(),
  owner: z.string().optional(),
  description: z.string().optional(),
  membersCount: z.number().optional(),
  scope: z.string().optional(),
  joinedAt: timestamp.optional(),
  hasJoined: z.boolean().optional(),
  createdAt: timestamp.optional(),
  updatedAt: timestamp.optional(),
  updatedBy: z.string().optional(),
  conversationId: z.string().optional(),
});

// An entity of another type (a message, say) is kept as sent rather than making the answer unreadable.
const entitySchema = z.union([
  z.looseObject({ entityType: z.literal("user"), entity: chatUserSchema }),
  z.looseObject({ entityType: z.literal("group"), entity: chatGroupSchema }),
  z.looseObject({ entityType: z.string(), entity: z.unknown() }),
]);

export const chatMessageSchema = z.looseObject({
  id: z.string(),
  conversationId: z.string().optional(),
  sender: z.string().optional(),
  receiverType: z.string().optional(),
  receiver: z.string().optional(),
  category: z.string().optional(),
  type: z.string().optional(),
  // Action messages carry by/on/for (contract 2.3), text messages sender/receiver (live recordings).
  data: z
    .looseObject({
      action: z.string().optional(),
      text: z.string().optional(),
      entities: z
        .looseObject({
          by: entitySchema.optional(),
          on: entitySchema.optional(),
          for: entitySchema.optional(),
          sender: entitySchema.optional(),
          receiver: entitySchema.optional(),
        })
        .optional(),
    })
    .optional(),
  sentAt: timestamp.optional(),
  updatedAt: timestamp.optional(),
  receipts: z.looseObject({ data: z.array(z.array(z.unknown())).optional() }).optional(),
});

const chatConversationSchema = z.looseObject({
  conversationId: z.string(),
  conversationType: z.string(),
  // The contract says a decimal string; kept as sent, and a number is accepted too.
  unreadMessageCount: z.union([z.string(), z.number()]).optional(),
  createdAt: timestamp.optional(),
  updatedAt: timestamp.optional(),
  tags: z.array(z.string()).optional(),
  lastMessage: chatMessageSchema.optional(),
  conversationWith: z.union([chatUserSchema, chatGroupSchema]).optional(),
});

// Each UID's entry is kept as sent: the real service's failures per UID are undocumented, and an
// entry of a shape the console does not know must still reach the moderator (see block-outcomes.ts).
const blockResultSchema = z.record(z.string(), z.unknown());

const blockedUserSchema = chatUserSchema.extend({
  blockedByMe: z.boolean().optional(),
  hasBlockedMe: z.boolean().optional(),
  blockedByMeAt: timestamp.optional(),
  blockedAt: timestamp.optional(),
});

/**
 * A page count or number as a whole number from 0 to a billion: a page of 500,000,000 pages is shown
 * as such, but nothing downstream meets a fraction, a negative or a number past safe integers.
 */
const pageNumber = z.number().transform((value) => Math.min(1e9, Math.max(0, Math.floor(value))));

const paginationSchema = z.looseObject({
  total: pageNumber,
  count: pageNumber,
  per_page: pageNumber,
  current_page: pageNumber,
  total_pages: pageNumber,
});

/** A page of a list: its items and, where the service says, where the page stands. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.looseObject({
    data: z.array(item),
    meta: z.looseObject({ pagination: paginationSchema.optional() }).optional(),
  });
}

const blockedUsersPageSchema = pageOf(blockedUserSchema);
const usersPageSchema = pageOf(chatUserSchema);
const conversationsPageSchema = pageOf(chatConversationSchema);

export type ChatUser = z.output<typeof chatUserSchema>;
export type ChatMessage = z.output<typeof chatMessageSchema>;
export type ChatConversation = z.output<typeof chatConversationSchema>;
export type BlockResult = z.output<typeof blockResultSchema>;
export type BlockedUser = z.output<typeof blockedUserSchema>;
export type BlockedUsersPage = z.output<typeof blockedUsersPageSchema>;
export type UsersPage = z.output<typeof usersPageSchema>;
export type ConversationsPage = z.output<typeof conversationsPageSchema>;
export type Pagination = z.output<typeof paginationSchema>;

/** The envelopes of the answers, each reduced to what the client returns as `data`. */
export const responseSchemas = {
  user: z.looseObject({ data: chatUserSchema }).transform((body) => body.data),
  // The contract gives an array; a live recording of the real service gave one object.
  conversations: z
    .looseObject({ data: z.union([z.array(chatConversationSchema), chatConversationSchema]) })
    .transform((body) => (Array.isArray(body.data) ? body.data : [body.data])),
  blockResult: z.looseObject({ data: blockResultSchema }).transform((body) => body.data),
  blockedUsersPage: blockedUsersPageSchema,
  usersPage: usersPageSchema,
  conversationsPage: conversationsPageSchema,
};

/** The vendor's error body; a part that does not fit is dropped rather than losing the rest. */
export const vendorErrorSchema = z.looseObject({
  error: z.looseObject({
    code: z.string().optional().catch(undefined),
    message: z.string().optional().catch(undefined),
    details: z.record(z.string(), z.array(z.string())).optional().catch(undefined),
  }),
});
