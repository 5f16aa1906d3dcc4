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

/**
 * A page of messages as a search for a raid's senders reads it: only what it keeps of each message
 * (its id, sender, time, text, and its sender's name and account's age), every other field left
 * unread, so that a page of the vendor's most messages costs little to check.
 */
const scannedMessagesPageSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      sender: z.string().optional(),
      sentAt: timestamp.optional(),
      data: z
        .object({
          text: z.string().optional(),
          entities: z
            .object({
              // Read when they have their usual types, left out otherwise: a page is not refused for them.
              sender: z
                .object({
                  entity: z
                    .object({
                      name: z.string().optional().catch(undefined),
                      createdAt: z.number().optional().catch(undefined),
                    })
                    .optional(),
                })
                .optional(),
            })
            .optional(),
        })
        .optional(),
    }),
  ),
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
export type ScannedMessage = ScannedMessagesPage["data"][number];
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
