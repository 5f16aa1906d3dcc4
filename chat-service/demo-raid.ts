import { createRandom, type Random } from "./demo-random";
import { flagRaid } from "./demo-raid-flags";
import {
  MINUTE,
  textMessage,
  type FlagDraft,
  type GroupBuild,
  type MemberInsert,
  type MessageInsert,
  type StateInsert,
  type UserInsert,
} from "./demo-types";
import { groupConversationId, userConversationId } from "./records";

/**
 * The raid of the demo data, for the moderation features to work on: in the last two hours, 60
 * accounts created minutes apart, their UIDs and names in three patterns as bots make them, join two
 * public groups and post the same giveaway with a link there and to two users' direct messages; some
 * also harass one user. demo-raid-flags.ts adds the reports. Its own seed, so the rest of the demo
 * data does not change with it; docs/embedded-chat-api.md, "The raid", describes it.
 */

const SEED = 0x7412004;
const RAIDED_GROUPS = ["cometchat-guid-1", "weekend-cyclists"] as const;
/** The two users whose direct messages the raiders write to; the first is also harassed. */
const RAIDED_USERS = ["amara-okafor", "cometchat-uid-3"] as const;
const HARASSED = RAIDED_USERS[0];
const PER_PATTERN = 20;
const HARASSERS = 12;
/** The raider a moderator already deactivated: the first of the `crypto-gains-` pattern. */
const DEACTIVATED_RAIDER_INDEX = PER_PATTERN;

const RAID_START = 115 * MINUTE;
const RAID_END = 4 * MINUTE;

const FIRST_NAMES = ["jessica", "ashley", "brandon", "tyler", "megan", "kayla", "justin", "amber", "dylan", "brittany"];
const LAST_NAMES = ["miller", "johnson", "davis", "wilson", "moore", "taylor", "thomas", "white", "harris", "clark"];
const HEX = "0123456789abcdef";
const REF_CHARACTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const code = (random: Random, alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet.charAt(random.int(0, alphabet.length - 1))).join("");

/** Three patterns: `jessicamiller4821` "Jessica Miller", `crypto-gains-317` "Crypto Gains 317", `user_7f3a9c21`. */
function raiderIdentity(random: Random, index: number, counter: { next: number }): { uid: string; name: string } {
  if (index < PER_PATTERN) {
    const first = FIRST_NAMES[index % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[(index * 3 + Math.floor(index / FIRST_NAMES.length)) % LAST_NAMES.length] as string;
    return { uid: `${first}${last}${random.int(1000, 9999)}`, name: `${capitalise(first)} ${capitalise(last)}` };
  }
  if (index < 2 * PER_PATTERN) {
    // Numbered in sequence, with the gaps of accounts the signup form refused.
    const number = (counter.next += random.int(1, 3));
    return { uid: `crypto-gains-${number}`, name: `Crypto Gains ${number}` };
  }
  const hex = code(random, HEX, 8);
  return { uid: `user_${hex}`, name: `user_${hex}` };
}

/** The same giveaway, a few words and the referral code apart; `usdt-drop.example` finds every copy. */
function giveaway(random: Random): string {
  const opener = random.pick(["🎁 FREE", "🔥 FREE", "💰 Free", "🚀 FREE"]);
  const claim = random.pick(["Claim now", "Claim it now", "Hurry, claim now", "Claim before it ends"]);
  const ref = code(random, REF_CHARACTERS, 5);
  return `${opener} 500 USDT for the first ${random.pick([50, 100])} people! ${claim} 👉 https://usdt-drop.example/claim?ref=${ref}`;
}

const HARASSMENT = [
  "@Amara Okafor nobody wants you here, leave the group",
  "Amara Okafor is a fraud, don't trust anything she says",
  "hey @Amara Okafor why don't you just delete your account",
  "Amara you're pathetic lol, everyone is laughing at you",
  "@Amara Okafor leave. now.",
];

/** Ordinary members reacting to the raid; the first is flagged unfairly (demo-raid-flags.ts). */
const REACTIONS = [
  { guid: "cometchat-guid-1", sender: "cometchat-uid-2", at: 70 * MINUTE },
  { guid: "weekend-cyclists", sender: "tomas-silva", at: 60 * MINUTE },
] as const;
const RAID_WARNING =
  "Heads up: the 500 USDT giveaway posts are a scam. Don't click the usdt-drop links, we're cleaning up.";
const CYCLISTS_WARNING =
  "To everyone who joined in the last hour: this is a cycling group. Giveaway links get you removed.";

export type Raid = {
  users: UserInsert[];
  members: MemberInsert[];
  messages: MessageInsert[];
  states: StateInsert[];
  flags: FlagDraft[];
};

export function buildRaid(groups: readonly GroupBuild[], now: number): Raid {
  const random = createRandom(SEED);
  const buildOf = (guid: string) => {
    const build = groups.find((candidate) => candidate.group.guid === guid);
    if (!build) throw new Error(`The demo raid needs the group ${guid}`);
    return build;
  };
  const start = now - RAID_START;
  const end = now - RAID_END;
  const counter = { next: random.int(100, 400) };
  const users: UserInsert[] = Array.from({ length: 3 * PER_PATTERN }, (_, index) => ({
    ...raiderIdentity(random, index, counter),
    avatar: null,
    link: null,
    role: "default",
    status: random.chance(0.6) ? "available" : "offline",
    metadata: null,
    // Created in one burst, each pattern in turn, minutes before the raid.
    createdAt: start - 40 * MINUTE + index * 30 + random.int(0, 25),
    updatedAt: null,
  }));

  const messages: MessageInsert[] = [];
  const members: MemberInsert[] = [];
  const states: StateInsert[] = [];
  const spam: MessageInsert[] = [];
  const harassment: MessageInsert[] = [];
  const post = (message: MessageInsert, kind: MessageInsert[]) => {
    messages.push(message);
    kind.push(message);
  };

  users.forEach((user, index) => {
    const joined = RAIDED_GROUPS.filter((_, group) => (index + group) % 3 !== 2);
    for (const guid of joined) {
      const joinedAt = random.int(start, start + 40 * MINUTE);
      const conversationId = groupConversationId(guid);
      const data = { action: "joined", by: user.uid, on: user.uid, for: guid };
      const at = (sentAt: number) => ({
        conversationId,
        sender: user.uid,
        receiverType: "group",
        receiver: guid,
        sentAt,
      });
      messages.push({
        ...at(joinedAt),
        category: "action",
        type: "groupMember",
        data,
        receipts: [],
        updatedAt: joinedAt,
      });
      members.push({ guid, uid: user.uid, scope: "participant", joinedAt });
      states.push({
        ownerUid: user.uid,
        conversationId,
        tags: [],
        unreadMessageCount: 0,
        createdAt: joinedAt,
        updatedAt: joinedAt,
      });
      for (let copy = random.int(1, 2); copy > 0; copy -= 1)
        post(textMessage(at(random.int(joinedAt + 30, end)), giveaway(random)), spam);
      if (index < HARASSERS && guid === RAIDED_GROUPS[0])
        post(textMessage(at(random.int(joinedAt + 30, end)), random.pick(HARASSMENT)), harassment);
    }
    const targets = [
      ...(index % 2 === 0 ? [RAIDED_USERS[(index / 2) % 2] as string] : []),
      ...(index < HARASSERS ? [HARASSED] : []),
    ];
    for (const receiver of new Set(targets)) {
      const conversationId = userConversationId(user.uid, receiver);
      const sent: MessageInsert[] = [];
      const write = (text: string, kind: MessageInsert[]) => {
        const sentAt = random.int(start + 10 * MINUTE, end);
        const message = textMessage(
          { conversationId, sender: user.uid, receiverType: "user", receiver, sentAt },
          text,
          [{ uid: receiver, deliveredAt: sentAt + random.int(1, 5) }],
        );
        post(message, kind);
        sent.push(message);
      };
      write(giveaway(random), spam);
      if (index < HARASSERS && receiver === HARASSED) write(random.pick(HARASSMENT), harassment);
      const first = Math.min(...sent.map((message) => message.sentAt));
      const last = Math.max(...sent.map((message) => message.sentAt));
      for (const ownerUid of [user.uid, receiver])
        states.push({
          ownerUid,
          conversationId,
          tags: [],
          unreadMessageCount: ownerUid === receiver ? sent.length : 0,
          createdAt: first,
          updatedAt: last,
        });
    }
  });

  const warnings: MessageInsert[] = REACTIONS.map(({ guid, sender, at }) =>
    textMessage(
      { conversationId: groupConversationId(guid), sender, receiverType: "group", receiver: guid, sentAt: now - at },
      guid === RAIDED_GROUPS[0] ? RAID_WARNING : CYCLISTS_WARNING,
    ),
  );
  messages.push(...warnings);

  // The raided groups' conversations now end with the raid, for their members too.
  for (const guid of RAIDED_GROUPS) {
    const conversationId = groupConversationId(guid);
    const last = Math.max(
      ...messages.filter((message) => message.conversationId === conversationId).map((m) => m.sentAt),
    );
    for (const state of [...buildOf(guid).states, ...states.filter((s) => s.conversationId === conversationId)])
      state.updatedAt = last;
  }

  const deactivated = users[DEACTIVATED_RAIDER_INDEX] as UserInsert;
  const lastPost = Math.max(...messages.filter((message) => message.sender === deactivated.uid).map((m) => m.sentAt));
  deactivated.deactivatedAt = Math.min(lastPost + random.int(MINUTE, 10 * MINUTE), now - 1);
  deactivated.updatedAt = deactivated.deactivatedAt;

  const flags = flagRaid({
    random,
    now,
    groups: RAIDED_GROUPS.map(buildOf),
    raiders: users,
    spam,
    harassment,
    warnings,
  });
  return { users, members, messages, states, flags };
}
