import { addDirectChatter, addGroupChatter } from "./demo-chatter";
import { buildDirect, buildGroup, directPairs, silentConversation, type Context } from "./demo-conversations";
import { GROUPS } from "./demo-groups";
import { buildUsers } from "./demo-people";
import { createRandom, type Random } from "./demo-random";
import { buildRaid } from "./demo-raid";
import { BLOCKS, SILENT_PAIR } from "./demo-threads";
import { HOUR, MINUTE, type BlockInsert, type Conversation, type DemoData } from "./demo-types";
import { groupConversationId, userConversationId } from "./records";

/**
 * Demo data of the embedded chat service: users, groups, conversations and blocks that look
 * like a lived-in app, weeks of ordinary talk, and a raid to moderate. Pure and deterministic: the
 * same `now` always gives the same rows, so tests and screenshots can rely on them. All times are
 * Unix seconds before `now`. The parts: demo-people, demo-threads, demo-groups, demo-conversations,
 * demo-chatter, demo-raid and demo-raid-flags.
 */

const SEED = 0x7412002;

const TAG_SETS = [
  ["vip"],
  ["support", "billing"],
  ["pinned"],
  ["follow-up"],
  ["work"],
  ["family"],
  ["archived"],
] as const;

/** Tags docs/embedded-chat-api.md and tests point at; everything else gets random tags or none. */
const FIXED_TAGS = [
  {
    owner: "cometchat-uid-1",
    conversationId: userConversationId("cometchat-uid-1", "cometchat-uid-2"),
    tags: ["sent"],
  },
  { owner: "cometchat-uid-1", conversationId: userConversationId("cometchat-uid-1", "kevin-price"), tags: ["spam"] },
  { owner: "cometchat-uid-1", conversationId: userConversationId("cometchat-uid-1", "brittany-cole"), tags: ["spam"] },
  { owner: "cometchat-uid-1", conversationId: groupConversationId("cometchat-guid-1"), tags: ["pinned"] },
  { owner: "cometchat-uid-4", conversationId: userConversationId(...SILENT_PAIR), tags: [] },
  { owner: "cometchat-uid-5", conversationId: userConversationId(...SILENT_PAIR), tags: [] },
] as const;

function buildBlocks(random: Random, now: number, lastMessageAt: Map<string, number>): BlockInsert[] {
  return BLOCKS.map(([blockerUid, blockedUid]) => {
    const after = lastMessageAt.get(userConversationId(blockerUid, blockedUid));
    if (after === undefined) throw new Error(`Demo block ${blockerUid} -> ${blockedUid} has no conversation behind it`);
    return { blockerUid, blockedUid, blockedAt: Math.min(after + random.int(MINUTE, 2 * HOUR), now - 1) };
  });
}

export function buildDemoData(now: number): DemoData {
  const random = createRandom(SEED);
  const users = buildUsers(random, now);
  const createdAt = new Map(users.map((user) => [user.uid, user.createdAt]));
  const context: Context = {
    random,
    now,
    createdAtOf: (uid) => {
      const time = createdAt.get(uid);
      if (time === undefined) throw new Error(`Demo data refers to unknown user ${uid}`);
      return time;
    },
    tagsFor: (owner, conversationId) => {
      const fixed = FIXED_TAGS.find((entry) => entry.owner === owner && entry.conversationId === conversationId);
      if (fixed) return [...fixed.tags];
      return random.chance(0.12) ? [...random.pick(TAG_SETS)] : [];
    },
  };

  const groupBuilds = GROUPS.map((spec) => buildGroup(spec, context));
  addGroupChatter(groupBuilds, now);
  const directBuilds = directPairs(random, users).map(({ starter, other, thread }) =>
    buildDirect(starter, other, thread, context),
  );
  const lastMessageAt = new Map(directBuilds.map((build) => [build.conversationId, build.lastMessageAt]));
  const friends = addDirectChatter(new Set(lastMessageAt.keys()), now);
  const raid = buildRaid(groupBuilds, now);
  const conversations: Conversation[] = [...groupBuilds, ...directBuilds, ...friends];

  return {
    users: [...users, ...raid.users],
    groups: groupBuilds.map((build) => build.group),
    members: [...groupBuilds.flatMap((build) => build.members), ...raid.members],
    // Sorted by time (stable for equal times), so ids follow the order messages were sent.
    messages: [...conversations.flatMap((conversation) => conversation.messages), ...raid.messages].sort(
      (a, b) => a.sentAt - b.sentAt,
    ),
    states: [
      ...conversations.flatMap((conversation) => conversation.states),
      ...silentConversation(context),
      ...raid.states,
    ],
    blocks: buildBlocks(random, now, lastMessageAt),
    flags: raid.flags,
  };
}
