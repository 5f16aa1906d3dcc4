import type { ReceiptRecord } from "./db/schema";
import type { GroupSpec } from "./demo-groups";
import { SAMPLE_USERS, SPAMMERS } from "./demo-people";
import { clamp, type Random } from "./demo-random";
import {
  DIRECT_THREADS,
  RANDOM_DIRECT_COUNT,
  SAMPLE_CONTACTS,
  SCRIPTED_DIRECTS,
  SILENT_PAIR,
  type Turn,
} from "./demo-threads";
import {
  DAY,
  HOUR,
  MINUTE,
  type Conversation,
  type GroupBuild,
  type GroupInsert,
  type MemberInsert,
  type MessageInsert,
  type StateInsert,
  type UserInsert,
} from "./demo-types";
import { groupConversationId, userConversationId } from "./records";

/** The conversations of the demo data (demo-data.ts): groups with their members, and direct threads. */

export type Context = {
  random: Random;
  now: number;
  createdAtOf: (uid: string) => number;
  tagsFor: (owner: string, conversationId: string) => string[];
};

/** Mostly minutes apart, now and then a pause of hours or days, as real chats go. */
function groupGap(random: Random): number {
  return random.chance(0.75) ? random.int(2 * MINUTE, 90 * MINUTE) : random.int(6 * HOUR, 3 * DAY);
}

function directGap(random: Random): number {
  return random.chance(0.8) ? random.int(30, 15 * MINUTE) : random.int(HOUR, 20 * HOUR);
}

function unreadCount(random: Random, available: number): number {
  return random.chance(0.55) ? 0 : Math.min(random.int(1, 7), available);
}

type Draft = Pick<MessageInsert, "sender" | "category" | "type" | "data"> & { gap: number };

export function buildGroup(spec: GroupSpec, context: Context): GroupBuild {
  const { random, now } = context;
  const conversationId = groupConversationId(spec.guid);
  const memberUids = [spec.owner, ...spec.moderators, ...spec.participants];
  const scriptUids = spec.script.map((line) => ("action" in line ? line.on : line[0]));
  const visitors = [...new Set(scriptUids)].filter((uid) => !memberUids.includes(uid));

  const action = (name: string, by: string, on: string, extra: Record<string, unknown> = {}) => ({
    sender: by,
    category: "action",
    type: "groupMember",
    data: { action: name, by, on, for: spec.guid, ...extra },
  });

  const drafts: Draft[] = [];
  for (const uid of random.shuffle([...spec.moderators, ...spec.participants, ...visitors])) {
    // Nobody can join a private group: its owner adds people. Public and password groups are joined.
    const join = spec.type === "private" ? action("added", spec.owner, uid) : action("joined", uid, uid);
    drafts.push({ gap: random.int(10 * MINUTE, 18 * HOUR), ...join });
    if (spec.moderators.includes(uid)) {
      const promotion = action("scopeChanged", spec.owner, uid, { scope: "moderator", oldScope: "participant" });
      drafts.push({ gap: random.int(MINUTE, 2 * HOUR), ...promotion });
    }
  }
  for (const line of spec.script) {
    drafts.push({
      gap: groupGap(random),
      ...("action" in line
        ? action(line.action, line.by, line.on)
        : { sender: line[0], category: "message", type: "text", data: { text: line[1] } }),
    });
  }

  const duration = drafts.reduce((sum, draft) => sum + draft.gap, 0);
  const earliest = Math.max(...[...memberUids, ...visitors].map(context.createdAtOf)) + HOUR;
  const latest = now - duration - random.int(10 * MINUTE, 2 * DAY);
  if (earliest > latest) throw new Error(`Demo group ${spec.guid} does not fit before now`);
  const createdAt = clamp(now - random.int(60 * DAY, 400 * DAY), earliest, latest);

  const joinedAt = new Map<string, number>([[spec.owner, createdAt]]);
  const messages: MessageInsert[] = [];
  let sentAt = createdAt;
  for (const { gap, ...draft } of drafts) {
    sentAt += gap;
    const data = draft.data as { action?: string; on?: string };
    if (data.on && (data.action === "joined" || data.action === "added")) joinedAt.set(data.on, sentAt);
    messages.push({
      ...draft,
      conversationId,
      receiverType: "group",
      receiver: spec.guid,
      receipts: [],
      sentAt,
      updatedAt: sentAt,
    });
  }
  for (const message of messages) {
    if (message.category !== "message") continue;
    if (random.chance(0.06)) message.updatedAt = Math.min(message.sentAt + random.int(20, 10 * MINUTE), now);
    if (random.chance(0.25)) {
      const readers = memberUids.filter((uid) => uid !== message.sender && (joinedAt.get(uid) ?? now) < message.sentAt);
      message.receipts = random
        .shuffle(readers)
        .slice(0, random.int(1, 3))
        .map((uid) => {
          const deliveredAt = message.sentAt + random.int(1, 30);
          return random.chance(0.8)
            ? { uid, deliveredAt, readAt: Math.min(deliveredAt + random.int(10, 3 * HOUR), now) }
            : { uid, deliveredAt };
        });
    }
  }

  const firstMessageAt = messages[0]?.sentAt ?? createdAt;
  const lastMessageAt = sentAt;
  const members: MemberInsert[] = memberUids.map((uid) => ({
    guid: spec.guid,
    uid,
    scope: uid === spec.owner ? "admin" : spec.moderators.includes(uid) ? "moderator" : "participant",
    joinedAt: joinedAt.get(uid) ?? createdAt,
  }));
  const states: StateInsert[] = members.map((member) => ({
    ownerUid: member.uid,
    conversationId,
    tags: context.tagsFor(member.uid, conversationId),
    unreadMessageCount: unreadCount(
      random,
      messages.filter((message) => message.sentAt > member.joinedAt && message.sender !== member.uid).length,
    ),
    createdAt: Math.max(member.joinedAt, firstMessageAt),
    updatedAt: lastMessageAt,
  }));
  const group: GroupInsert = {
    guid: spec.guid,
    name: spec.name,
    description: spec.description,
    icon: `https://api.dicebear.com/9.x/shapes/png?seed=${spec.guid}`,
    type: spec.type,
    owner: spec.owner,
    createdAt,
    updatedAt: random.int(createdAt, lastMessageAt),
    updatedBy: random.pick([spec.owner, ...spec.moderators]),
  };
  return { conversationId, group, members, messages, states, lastMessageAt };
}

export function buildDirect(starter: string, other: string, thread: readonly Turn[], context: Context): Conversation {
  const { random, now } = context;
  const conversationId = userConversationId(starter, other);
  const lines = thread.flatMap((turn, index) => {
    const sender = index % 2 === 0 ? starter : other;
    return (typeof turn === "string" ? [turn] : turn).map((text) => ({ sender, text }));
  });
  if (lines.length < 2 || lines.length > 15)
    throw new Error(`Demo thread of ${lines.length} messages in ${conversationId}`);

  const offsets = lines.map((_, index) => (index === 0 ? 0 : directGap(random)));
  const duration = offsets.reduce((sum, gap) => sum + gap, 0);
  const earliestEnd = Math.max(context.createdAtOf(starter), context.createdAtOf(other)) + HOUR + duration;
  const recency = random.chance(0.3) ? random.int(5 * MINUTE, 2 * DAY) : random.int(2 * DAY, 300 * DAY);
  const lastMessageAt = clamp(now - recency, earliestEnd, now - MINUTE);
  let sentAt = lastMessageAt - duration;
  const times = offsets.map((gap) => (sentAt += gap));

  // The last run of messages from one side may still be unread by the other.
  const lastSender = lines[lines.length - 1]?.sender;
  const lastRun = lines.length - 1 - lines.findLastIndex((line) => line.sender !== lastSender);
  const unread = Math.min(random.chance(0.45) ? lastRun : 0, 7);

  const messages = lines.map(({ sender, text }, index): MessageInsert => {
    const time = times[index] as number;
    const receiver = sender === starter ? other : starter;
    const deliveredAt = time + random.int(1, 20);
    // Read before the next message, since the reader would have seen it before answering.
    const readBy = Math.min(times[index + 1] ?? now, now);
    const receipt: ReceiptRecord =
      index >= lines.length - unread
        ? { uid: receiver, deliveredAt }
        : { uid: receiver, deliveredAt, readAt: Math.min(deliveredAt + random.int(3, 15 * MINUTE), readBy) };
    return {
      conversationId,
      sender,
      receiverType: "user",
      receiver,
      category: "message",
      type: "text",
      data: { text },
      receipts: [receipt],
      sentAt: time,
      updatedAt: random.chance(0.05) ? Math.min(time + random.int(20, 5 * MINUTE), now) : time,
    };
  });

  const firstMessageAt = times[0] as number;
  const states = [starter, other].map((owner) => ({
    ownerUid: owner,
    conversationId,
    tags: context.tagsFor(owner, conversationId),
    unreadMessageCount: owner !== lastSender ? unread : 0,
    createdAt: firstMessageAt,
    updatedAt: lastMessageAt,
  }));
  return { conversationId, messages, states, lastMessageAt };
}

export function silentConversation(context: Context): StateInsert[] {
  const openedAt = context.now - context.random.int(DAY, 5 * DAY);
  const conversationId = userConversationId(...SILENT_PAIR);
  return SILENT_PAIR.map((owner) => ({
    ownerUid: owner,
    conversationId,
    tags: context.tagsFor(owner, conversationId),
    unreadMessageCount: 0,
    createdAt: openedAt,
    updatedAt: openedAt,
  }));
}

/** Every pair of sample users, the scripted pairs and random pairs of everyone else, each once. */
export function directPairs(
  random: Random,
  users: UserInsert[],
): { starter: string; other: string; thread: readonly Turn[] }[] {
  const threads = random.shuffle(DIRECT_THREADS);
  const nextThread = (() => {
    let index = 0;
    return () => threads[index++ % threads.length] as readonly Turn[];
  })();
  const silent = userConversationId(...SILENT_PAIR);
  const pairs: { starter: string; other: string; thread: readonly Turn[] }[] = [];
  const taken = new Set([silent]);
  const add = (starter: string, other: string, thread: readonly Turn[]) => {
    const id = userConversationId(starter, other);
    if (taken.has(id)) return;
    taken.add(id);
    pairs.push({ starter, other, thread });
  };

  SAMPLE_USERS.forEach((a, i) => SAMPLE_USERS.slice(i + 1).forEach((b) => add(a.uid, b.uid, nextThread())));
  for (const direct of SCRIPTED_DIRECTS) add(direct.starter, direct.other, direct.thread);
  for (const [sample, contact] of SAMPLE_CONTACTS) add(contact, sample, nextThread());

  const spammers = new Set<string>(SPAMMERS);
  const sampleUids = new Set<string>(SAMPLE_USERS.map((user) => user.uid));
  const regulars = users.map((user) => user.uid).filter((uid) => !spammers.has(uid) && !sampleUids.has(uid));
  const target = pairs.length + RANDOM_DIRECT_COUNT;
  while (pairs.length < target) {
    const a = random.pick(regulars);
    const b = random.pick(regulars);
    if (a !== b) add(a, b, nextThread());
  }
  return pairs;
}
