import { chatApi, ChatApiError } from "@/lib/chat-api";
import type { MessageScope } from "@/lib/chat-api/moderation-calls";
import type { ModerationMessage } from "@/lib/chat-api/moderation-schemas";
import { currentlyBlocked } from "@/lib/incidents/blocked-list";
import type { reports } from "@/lib/db/schema";

/**
 * What a report's page reads live from the chat service besides the index: the context (up to five
 * messages before and after the reported one in its conversation, by the vendor's message cursor),
 * and the sender's standing (deactivated, banned from the group, blocked by each reporter). Each
 * read that fails says so in its place rather than failing the page.
 */

type Report = typeof reports.$inferSelect;
export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

const CONTEXT_MESSAGES = 5;
/** Reporters whose blocks are read for the page; a report with more names the rest as not checked. */
const REPORTERS_CHECKED = 10;
const BANNED_PAGE = 1000;

async function read<T>(work: () => Promise<T>): Promise<Read<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof ChatApiError) return { ok: false, message: error.userMessage };
    throw error;
  }
}

/** The conversation the message was sent in, as the vendor lists it: a group's, or the pair's as its sender sees it. */
function scopeOf(report: Report): MessageScope {
  return report.receiverType === "group"
    ? { kind: "group", guid: report.receiverId }
    : { kind: "user", uid: report.receiverId, onBehalfOf: report.senderUid };
}

export type ReportContext = { before: ModerationMessage[]; after: ModerationMessage[] };

async function context(report: Report): Promise<ReportContext> {
  const sentAt = report.sentAt ? Math.floor(report.sentAt.getTime() / 1000) : undefined;
  if (sentAt === undefined) return { before: [], after: [] };
  const around = (affix: "prepend" | "append") =>
    chatApi().listMessages(scopeOf(report), {
      limit: CONTEXT_MESSAGES,
      cursor: { affix, sentAt, id: report.messageId },
    });
  const [before, after] = await Promise.all([around("prepend"), around("append")]);
  // Newest first before it, oldest first after it: shown in the order they were sent.
  const bySent = (a: ModerationMessage, b: ModerationMessage) =>
    (a.sentAt ?? 0) - (b.sentAt ?? 0) || Number(a.id) - Number(b.id);
  return { before: [...before.data.data].sort(bySent), after: [...after.data.data].sort(bySent) };
}

export type SenderStanding = {
  deactivated: Read<boolean>;
  bannedFromGroup: Read<boolean> | null;
  blockedBy: Array<{ uid: string; blocked: Read<boolean> }>;
  reportersNotChecked: number;
};

async function isDeactivated(uid: string): Promise<boolean> {
  try {
    await chatApi().getUser(uid);
    return false;
  } catch (error) {
    // A deactivated user answers "not found" everywhere but in the list of deactivated users.
    if (!(error instanceof ChatApiError) || error.code !== "ERR_UID_NOT_FOUND") throw error;
    const page = await chatApi().listUsers({ searchKey: uid, page: 1, perPage: 100, onlyDeactivated: true });
    return page.data.data.some((user) => user.uid === uid);
  }
}

async function isBanned(guid: string, uid: string): Promise<boolean> {
  const page = await chatApi().listBannedUsers(guid, { page: 1, perPage: BANNED_PAGE });
  return page.data.data.some((user) => user.uid === uid);
}

async function standing(report: Report): Promise<SenderStanding> {
  const reporters = report.reporters.slice(0, REPORTERS_CHECKED);
  const [deactivated, bannedFromGroup, ...blocks] = await Promise.all([
    read(() => isDeactivated(report.senderUid)),
    report.receiverType === "group" ? read(() => isBanned(report.receiverId, report.senderUid)) : null,
    ...reporters.map((reporter) =>
      read(async () => (await currentlyBlocked(chatApi(), reporter.uid)).has(report.senderUid)),
    ),
  ]);
  return {
    deactivated: deactivated!,
    bannedFromGroup: bannedFromGroup ?? null,
    blockedBy: reporters.map((reporter, index) => ({ uid: reporter.uid, blocked: blocks[index]! })),
    reportersNotChecked: report.reporters.length - reporters.length,
  };
}

export async function reportDetail(report: Report) {
  const [around, sender] = await Promise.all([read(() => context(report)), standing(report)]);
  return { context: around, sender };
}
