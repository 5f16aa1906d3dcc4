import { z } from "zod";
import { chatGroupSchema, chatMessageSchema, chatUserSchema, pageOf } from "./schemas";

/**
 * What the console reads of the vendor's moderation surface: messages, reports, deactivation and
 * groups (spec/upstream-facts.md, "The moderation surface"). Loose like the rest: fields the console
 * does not know survive, so that the raw record can be shown.
 */

const timestamp = z.number();

/** Where the next page of messages starts: the vendor's `meta.next`, handed back as query parameters. */
const messageCursorSchema = z.looseObject({
  affix: z.enum(["append", "prepend"]),
  sentAt: timestamp,
  id: z.string(),
});

/** A message as the moderation calls return it: deletion and attachments are read where the vendor puts them. */
const moderationMessageSchema = chatMessageSchema.extend({
  deletedAt: timestamp.optional(),
  deletedBy: z.string().optional(),
  data: chatMessageSchema.shape.data
    .unwrap()
    .extend({
      attachments: z.array(z.looseObject({ name: z.string().optional(), url: z.string().optional() })).optional(),
      metadata: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
});

const messagesPageSchema = z.looseObject({
  data: z.array(moderationMessageSchema),
  meta: z
    .looseObject({
      current: z.looseObject({ limit: z.number().optional(), count: z.number().optional() }).optional(),
      next: messageCursorSchema.optional(),
    })
    .optional(),
});

/** What a search for a raid's senders keeps of a message: its id, sender, time, text, and its sender's name and account's age. */
export type ScannedMessage = {
  id: string;
  sender?: string;
  sentAt?: number;
  text?: string;
  senderName?: string;
  senderCreatedAt?: number;
  /** Where it was sent, for a rule's test: a group's GUID or a user's UID. */
  receiverType?: string;
  receiver?: string;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * One message of a page a search scans, read field by field rather than through a schema of
 * nested objects: a page of the vendor's 1,000 messages is read a hundred times a search, and
 * objects built at each level of each message cost more than the rest of its reading. Its id,
 * sender, time and text must have their types (the answer is refused otherwise, as a schema would);
 * its sender's name and account's age are read when they have theirs, left out otherwise.
 */
function scannedMessageOf(item: unknown): ScannedMessage | { wrong: string } {
  if (!isObject(item)) return { wrong: "expected an object" };
  const { id, sender, sentAt, data, receiverType, receiver } = item;
  if (typeof id !== "string") return { wrong: "id: expected a string" };
  if (sender !== undefined && typeof sender !== "string") return { wrong: "sender: expected a string" };
  if (sentAt !== undefined && typeof sentAt !== "number") return { wrong: "sentAt: expected a number" };
  if (data !== undefined && !isObject(data)) return { wrong: "data: expected an object" };
  const text = data?.text;
  if (text !== undefined && typeof text !== "string") return { wrong: "data.text: expected a string" };
  const entities = data?.entities;
  const senderEntity = isObject(entities) && isObject(entities.sender) ? entities.sender.entity : undefined;
  const name = isObject(senderEntity) ? senderEntity.name : undefined;
  const createdAt = isObject(senderEntity) ? senderEntity.createdAt : undefined;
  return {
    id,
    sender,
    sentAt,
    text,
    senderName: typeof name === "string" ? name : undefined,
    senderCreatedAt: typeof createdAt === "number" ? createdAt : undefined,
    receiverType: typeof receiverType === "string" ? receiverType : undefined,
    receiver: typeof receiver === "string" ? receiver : undefined,
  };
}

/** A page of messages as a search reads it: every message reduced to what it keeps, every other field left unread. */
const scannedMessagesPageSchema = z.object({
  data: z.array(z.unknown()).transform((items, context) => {
    const messages: ScannedMessage[] = [];
    for (let index = 0; index < items.length; index += 1) {
      const message = scannedMessageOf(items[index]);
      if ("wrong" in message) {
        context.addIssue({ code: "custom", message: `message ${index}: ${message.wrong}`, path: [index] });
        return z.NEVER;
      }
      messages.push(message);
    }
    return messages;
  }),
  meta: messagesPageSchema.shape.meta,
});

const reporterSchema = z.looseObject({
  uid: z.string(),
  name: z.string().optional(),
  avatar: z.string().optional(),
  role: z.string().optional(),
  reasonId: z.string().optional(),
  reasonName: z.string().optional(),
  description: z.string().optional(),
  remark: z.string().optional(),
  flaggedAt: timestamp.optional(),
});

const flaggedMessageSchema = moderationMessageSchema.extend({
  flaggedBy: z.array(reporterSchema),
  flaggedCount: z.number().optional(),
});

const flaggedMessagesPageSchema = z.looseObject({
  data: z.array(flaggedMessageSchema),
  meta: z.looseObject({ current: z.looseObject({ limit: z.number(), count: z.number() }).optional() }).optional(),
});

const reportReasonSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  default: z.boolean().optional(),
  createdAt: timestamp.optional(),
  updatedAt: timestamp.optional(),
});

const groupMemberSchema = chatUserSchema.extend({ scope: z.string().optional(), joinedAt: timestamp.optional() });

/** Kick, ban and unban answer `{ success, message }`. */
const successSchema = z.looseObject({ success: z.boolean(), message: z.string().optional() });

/** @public */
export type MessageCursor = z.output<typeof messageCursorSchema>;
/** @public */
export type ModerationMessage = z.output<typeof moderationMessageSchema>;
export type MessagesPage = z.output<typeof messagesPageSchema>;
export type ScannedMessagesPage = z.output<typeof scannedMessagesPageSchema>;
/** @public */
export type Reporter = z.output<typeof reporterSchema>;
/** @public */
export type FlaggedMessage = z.output<typeof flaggedMessageSchema>;
export type FlaggedMessagesPage = z.output<typeof flaggedMessagesPageSchema>;
/** @public */
export type ReportReason = z.output<typeof reportReasonSchema>;
/** @public */
export type ChatGroup = z.output<typeof chatGroupSchema>;
/** @public */
export type GroupMember = z.output<typeof groupMemberSchema>;
export type GroupMembersPage = z.output<ReturnType<typeof pageOf<typeof groupMemberSchema>>>;
export type MemberActionResult = z.output<typeof successSchema>;

const dataOf = <T extends z.ZodType>(schema: T) =>
  z.looseObject({ data: schema }).transform((body) => body.data as z.output<T>);

/** The envelopes of the moderation answers, each reduced to what the client returns as `data`. */
export const moderationResponseSchemas = {
  messagesPage: messagesPageSchema,
  scannedMessagesPage: scannedMessagesPageSchema,
  message: dataOf(moderationMessageSchema),
  flaggedMessagesPage: flaggedMessagesPageSchema,
  review: dataOf(z.record(z.string(), z.unknown())),
  reasons: dataOf(z.array(reportReasonSchema)),
  deactivated: dataOf(z.looseObject({ deactivatedUids: z.array(z.string()) })),
  reactivated: dataOf(z.looseObject({ nonDeactivatedUids: z.array(z.string()) })),
  group: dataOf(chatGroupSchema),
  groupMembersPage: pageOf(groupMemberSchema),
  bannedUsersPage: pageOf(chatUserSchema),
  memberAction: dataOf(successSchema),
};
