import { chatApi, ChatApiError } from "@/lib/chat-api";
import type { MessageScope } from "@/lib/chat-api/moderation-calls";
import type { ModerationMessage } from "@/lib/chat-api/moderation-schemas";
import { bannedUids } from "@/lib/incidents/account-lists";
import { currentlyBlocked } from "@/lib/incidents/blocked-list";
import { getDb } from "@/lib/db/client";
import { awaitBudgetPlace, StoppedWaiting } from "./budget";
import { runPool } from "./pool";
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
/** Reporters whose blocks are read at once. */
const READS_AT_ONCE = 4;
/**
 * How long the page waits for places in the rate budget for the reporters' blocks: a reporter whose
 * read found no place by then is named as not checked, never counted as not blocking.
 */
const BUDGET_WAIT_MS = 3000;
const NOT_CHECKED =
  "Not checked: the chat service's rate budget had no room within a few seconds (its reserve is kept for the app). Reload the page to try again.";

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
  /** Every reporter, each with whether they block the sender now, or why that could not be read. */
  blockedBy: Array<{ uid: string; blocked: Read<boolean> }>;
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

/** Whether the sender is banned from the group: every page of its bans, by the vendor's pages. */
const isBanned = async (guid: string, uid: string) => (await bannedUids(chatApi(), guid)).has(uid);

/**
 * Whether each reporter blocks the sender: every reporter's blocks, every page, a few at a time, each
 * read taking its place in the rate budget within its reserve. A read that found no place in time is
 * "not checked", never "not blocked".
 */
async function blockedByReporters(
  reporters: string[],
  sender: string,
): Promise<Array<{ uid: string; blocked: Read<boolean> }>> {
  const db = await getDb();
  const giveUpAt = Date.now() + BUDGET_WAIT_MS;
  const found = new Map<string, Read<boolean>>();
  await runPool([...new Set(reporters)], READS_AT_ONCE, async (uid) => {
    try {
      await awaitBudgetPlace(db, () => Date.now() > giveUpAt);
    } catch (error) {
      if (!(error instanceof StoppedWaiting)) throw error;
      found.set(uid, { ok: false, message: NOT_CHECKED });
      return;
    }
    found.set(uid, await read(async () => (await currentlyBlocked(chatApi(), uid)).has(sender)));
  });
  return reporters.map((uid) => ({ uid, blocked: found.get(uid)! }));
}

async function standing(report: Report): Promise<SenderStanding> {
  const [deactivated, bannedFromGroup, blockedBy] = await Promise.all([
    read(() => isDeactivated(report.senderUid)),
    report.receiverType === "group" ? read(() => isBanned(report.receiverId, report.senderUid)) : null,
    blockedByReporters(
      report.reporters.filter((reporter) => reporter.uid !== report.senderUid).map((reporter) => reporter.uid),
      report.senderUid,
    ),
  ]);
  return { deactivated, bannedFromGroup, blockedBy };
}

export async function reportDetail(report: Report) {
  const [around, sender] = await Promise.all([read(() => context(report)), standing(report)]);
  return { context: around, sender };
}
