import { z } from "zod";

/**
 * One item of the chat service's blocked list (`GET /moderation/blocked-messages`) as the index keeps
 * it, read loosely: an item without a message id, a sender or a rule cannot be indexed and is skipped.
 */

const seconds = z.number().finite().optional().catch(undefined);
const text = z.string().optional().catch(undefined);

const entity = z
  .looseObject({ entity: z.looseObject({ name: text, createdAt: seconds }).optional().catch(undefined) })
  .optional()
  .catch(undefined);

const blockedItem = z.looseObject({
  ruleId: z.string().min(1),
  ruleName: text,
  revisionId: text,
  condition: z.unknown().optional(),
  action: z.array(z.string()).optional().catch(undefined),
  createdAt: seconds,
  message: z.looseObject({
    id: z.union([z.string().min(1), z.number().transform(String)]),
    sender: z.string().min(1),
    receiverType: text,
    receiver: text,
    sentAt: seconds,
    data: z
      .looseObject({ text, entities: z.looseObject({ sender: entity, receiver: entity }).optional().catch(undefined) })
      .optional()
      .catch(undefined),
  }),
});

export type IndexedBlockedMessage = {
  messageId: string;
  ruleId: string;
  ruleName: string;
  revisionId: string;
  condition: unknown;
  action: string;
  senderUid: string;
  senderName: string;
  senderCreatedAt: Date | null;
  receiverType: "user" | "group";
  receiverId: string;
  receiverName: string;
  text: string;
  sentAt: Date | null;
  blockedAt: Date;
};

const dateOf = (value: number | undefined) => (value === undefined ? null : new Date(value * 1000));

export function indexedBlockedMessageOf(item: unknown, readAt: Date): IndexedBlockedMessage | undefined {
  const parsed = blockedItem.safeParse(item);
  if (!parsed.success) return undefined;
  const { message, ...blocked } = parsed.data;
  const receiverType = message.receiverType === "group" ? "group" : "user";
  return {
    messageId: message.id,
    ruleId: blocked.ruleId,
    ruleName: blocked.ruleName ?? blocked.ruleId,
    revisionId: blocked.revisionId ?? "",
    condition: blocked.condition ?? {},
    action: blocked.action?.[0] ?? "blockMessage",
    senderUid: message.sender,
    senderName: message.data?.entities?.sender?.entity?.name ?? message.sender,
    senderCreatedAt: dateOf(message.data?.entities?.sender?.entity?.createdAt),
    receiverType,
    receiverId: message.receiver ?? "",
    receiverName: message.data?.entities?.receiver?.entity?.name ?? message.receiver ?? "",
    text: message.data?.text ?? "",
    sentAt: dateOf(message.sentAt),
    blockedAt: dateOf(blocked.createdAt ?? message.sentAt) ?? readAt,
  };
}
