import { z } from "zod";
import type { Reporter } from "@/lib/db/schema";

/**
 * One item of the chat service's flagged list as the index keeps it. The service's records are read
 * loosely (fields it adds survive, fields it leaves out are optional): an item that has no id or no
 * sender cannot be indexed and is skipped, never a reason to stop the read.
 */

const seconds = z.number().finite().optional().catch(undefined);
const text = z.string().optional().catch(undefined);

const entity = z
  .looseObject({
    entityType: text,
    entity: z.looseObject({ uid: text, guid: text, name: text, createdAt: seconds }).optional().catch(undefined),
  })
  .optional()
  .catch(undefined);

const flag = z.looseObject({
  uid: z.string().min(1),
  name: text,
  reasonId: text,
  reasonName: text,
  remark: z.string().nullish().catch(undefined),
  flaggedAt: seconds,
});

const flaggedItem = z.looseObject({
  id: z.union([z.string().min(1), z.number().transform(String)]),
  conversationId: text,
  sender: z.string().min(1),
  receiverType: text,
  receiver: text,
  data: z
    .looseObject({ text, entities: z.looseObject({ sender: entity, receiver: entity }).optional().catch(undefined) })
    .optional()
    .catch(undefined),
  sentAt: seconds,
  flaggedBy: z.array(z.unknown()).optional().catch(undefined),
});

export type IndexedReport = {
  messageId: string;
  conversationId: string;
  senderUid: string;
  senderName: string;
  senderCreatedAt: Date | null;
  receiverType: "user" | "group";
  receiverId: string;
  receiverName: string;
  text: string;
  message: unknown;
  sentAt: Date | null;
  reporters: Reporter[];
  reasonIds: string[];
  reportCount: number;
  lastFlaggedAt: Date;
};

const dateOf = (value: number | undefined) => (value === undefined ? null : new Date(value * 1000));

/** The reporters the index can show: each with a UID; one flag a reporter (the service's latest). */
function reportersOf(flags: unknown[] | undefined): Reporter[] {
  const byUid = new Map<string, Reporter>();
  for (const raw of flags ?? []) {
    const parsed = flag.safeParse(raw);
    if (!parsed.success) continue;
    const { uid, name, reasonId, reasonName, remark, flaggedAt } = parsed.data;
    byUid.set(uid, {
      uid,
      name: name ?? uid,
      reasonId: reasonId ?? "",
      reasonName: reasonName ?? reasonId ?? "",
      remark: remark ?? "",
      flaggedAt: flaggedAt ?? null,
    });
  }
  return [...byUid.values()];
}

/** An item of the flagged list as a row of the index, or undefined when it cannot be one. */
export function indexedReportOf(item: unknown, readAt: Date): IndexedReport | undefined {
  const parsed = flaggedItem.safeParse(item);
  if (!parsed.success) return undefined;
  const message = parsed.data;
  const reporters = reportersOf(message.flaggedBy);
  const sender = message.data?.entities?.sender?.entity;
  const receiver = message.data?.entities?.receiver?.entity;
  const receiverType = message.receiverType === "group" ? "group" : "user";
  const receiverId = message.receiver ?? (receiverType === "group" ? receiver?.guid : receiver?.uid) ?? "";
  const latestFlag = Math.max(0, ...reporters.map((reporter) => reporter.flaggedAt ?? 0));
  return {
    messageId: message.id,
    conversationId: message.conversationId ?? "",
    senderUid: message.sender,
    senderName: sender?.name ?? message.sender,
    senderCreatedAt: dateOf(sender?.createdAt),
    receiverType,
    receiverId,
    receiverName: receiver?.name ?? receiverId,
    text: message.data?.text ?? "",
    message: item,
    sentAt: dateOf(message.sentAt),
    reporters,
    reasonIds: [...new Set(reporters.map((reporter) => reporter.reasonId).filter(Boolean))].sort(),
    reportCount: reporters.length,
    lastFlaggedAt: latestFlag > 0 ? new Date(latestFlag * 1000) : readAt,
  };
}
