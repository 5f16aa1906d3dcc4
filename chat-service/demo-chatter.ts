import { createRandom, type Random } from "./demo-random";
import { DAY, HOUR, MINUTE, textMessage, type Conversation, type GroupBuild, type MessageInsert } from "./demo-types";
import { groupConversationId, userConversationId } from "./records";

/**
 * Weeks of ordinary talk before the raid (demo-raid.ts): sessions of a few messages on most days in
 * the groups and in a few direct conversations between friends, so a moderator sees what normal looks
 * like. Its own seed, so the rest of the demo data does not change with it.
 */

const SEED = 0x7412003;
const WEEKS = 5;
/** Ordinary talk stops here; the raid starts less than two hours before the seeding time. */
const QUIET_BEFORE_NOW = 3 * HOUR;

/** Groups whose last message docs/embedded-chat-api.md and tests point at keep it: no talk after their script. */
const QUIET_GROUPS = new Set(["founders-circle"]);

const GROUP_LINES: Readonly<Record<string, readonly string[]>> = {
  "cometchat-guid-1": [
    "Anyone up for the ridge trail this weekend?",
    "The forecast looks dry on Saturday, rain on Sunday.",
    "Trail report: the upper bridge is closed, take the forest detour.",
    "Does anyone have a spare headlamp I could borrow?",
    "I can drive, three free seats from the station.",
    "Saw two deer near the lake this morning 🦌",
    "Reminder: pack out what you pack in.",
    "What time do we meet at the car park?",
    "New boots finally broken in, no blisters this time!",
    "The hut at the top sells soup now, highly recommend.",
  ],
  "design-critique": [
    "Posted the new onboarding screens in the folder, feedback welcome.",
    "The contrast on the secondary button is too low for me.",
    "I'd try a bigger type scale for the headings.",
    "Love the empty state illustration.",
    "Can we review the icon set on Thursday?",
    "Spacing feels tighter on mobile than on desktop.",
    "Updated the prototype with your comments, thanks all.",
  ],
  "night-shift-support": [
    "Quiet night so far, queue is at 4.",
    "Escalated the billing ticket to the day team.",
    "Handover notes are in the shared doc.",
    "Anyone else seeing slow logins from the EU region?",
    "Coffee machine on floor 2 is fixed, finally.",
    "Closing out, 23 tickets solved tonight.",
    "Customer called back, issue resolved after the cache clear.",
  ],
  "weekend-cyclists": [
    "Sunday ride is on, same start point.",
    "Anyone have a 28 mm tube to spare?",
    "The coastal road is resurfaced, super smooth now.",
    "Coffee stop at the lighthouse again? ☕",
    "Strava says 62 km, felt like 80 with that wind.",
    "Lights on please, it gets dark early now.",
    "Welcome to the new riders, say hi!",
    "Chain lube recommendations for wet weather?",
  ],
  "slow-reads-book-club": [
    "Finished chapter 12 last night, no spoilers!",
    "The audiobook narrator is excellent.",
    "Can we meet at the café instead of the library?",
    "I loved the ending, let's talk about it Thursday.",
    "Next month's shortlist is in the poll.",
    "Anyone want to borrow my copy?",
    "I'm a bit behind, will catch up this weekend.",
  ],
};

const SMALL_TALK = [
  "Thanks everyone!",
  "Sounds good to me 👍",
  "Count me in.",
  "Sorry, can't make it this time.",
  "Haha, so true",
  "Good morning all!",
  "Great photos, thanks for sharing.",
  "See you there.",
];

const FRIEND_LINES = [
  "Hey, how was your week?",
  "Busy but fine. You?",
  "Are we still on for dinner Friday?",
  "Yes! 7:30 at the usual place?",
  "Perfect, see you then.",
  "Did you watch the match last night?",
  "Only the second half, what a finish!",
  "Can you send me that recipe?",
  "Sure, sending it now.",
  "Thanks! Made it yesterday, it was great.",
  "Running late, 10 minutes.",
  "No worries, I'll grab a table.",
  "Happy birthday!! 🎉",
  "Thank you so much 😊",
  "Call later?",
  "Sure, after 6 works.",
  "Look what I found at the market",
  "That's amazing, where was it?",
];

/** Friends who talk most days; pairs that already have a conversation keep theirs. */
const FRIENDS = [
  ["priya-raman", "wei-chen"],
  ["sofia-rossi", "mateo-garcia"],
  ["hiroshi-tanaka", "mei-lin"],
  ["aisha-bello", "kofi-asante"],
  ["emma-larsen", "astrid-lindqvist"],
  ["noah-cohen", "maya-goldberg"],
] as const;

type Session = { at: number; count: number };

/** Most days a session of a few messages at a waking hour, over the weeks between `from` and `to`. */
function sessions(random: Random, from: number, to: number, perDay: number): Session[] {
  const found: Session[] = [];
  for (let day = from - (from % DAY); day < to; day += DAY) {
    if (!random.chance(perDay)) continue;
    const at = day + random.int(7 * HOUR, 22 * HOUR);
    if (at > from && at < to - HOUR) found.push({ at, count: random.int(2, 6) });
  }
  return found;
}

/** Appends weeks of talk to each group but the quiet ones, and moves its members' states on. */
export function addGroupChatter(builds: readonly GroupBuild[], now: number): void {
  const random = createRandom(SEED);
  for (const build of builds) {
    const lines = GROUP_LINES[build.group.guid];
    if (!lines || QUIET_GROUPS.has(build.group.guid)) continue;
    const from = Math.max(build.lastMessageAt + HOUR, now - WEEKS * 7 * DAY);
    const conversationId = groupConversationId(build.group.guid);
    let last = build.lastMessageAt;
    for (const session of sessions(random, from, now - QUIET_BEFORE_NOW, 0.75)) {
      let sentAt = session.at;
      for (let index = 0; index < session.count; index += 1) {
        const member = random.pick(build.members);
        const text = random.chance(0.75) ? random.pick(lines) : random.pick(SMALL_TALK);
        const fields = {
          conversationId,
          sender: member.uid,
          receiverType: "group",
          receiver: build.group.guid,
          sentAt,
        };
        build.messages.push(textMessage(fields, text));
        last = sentAt;
        sentAt += random.int(30, 25 * MINUTE);
      }
    }
    build.lastMessageAt = last;
    for (const state of build.states) state.updatedAt = last;
  }
}

/** Friends' direct conversations over the same weeks, every message delivered and read. */
export function addDirectChatter(taken: ReadonlySet<string>, now: number): Conversation[] {
  const random = createRandom(SEED + 1);
  const conversations: Conversation[] = [];
  for (const [a, b] of FRIENDS) {
    const conversationId = userConversationId(a, b);
    if (taken.has(conversationId)) continue;
    const messages: MessageInsert[] = [];
    for (const session of sessions(random, now - WEEKS * 7 * DAY, now - QUIET_BEFORE_NOW, 0.45)) {
      let sentAt = session.at;
      let sender: string = random.pick([a, b]);
      for (let index = 0; index < session.count; index += 1) {
        const receiver = sender === a ? b : a;
        const deliveredAt = sentAt + random.int(1, 20);
        const receipts = [{ uid: receiver, deliveredAt, readAt: deliveredAt + random.int(5, 10 * MINUTE) }];
        const fields = { conversationId, sender, receiverType: "user", receiver, sentAt };
        messages.push(textMessage(fields, random.pick(FRIEND_LINES), receipts));
        sentAt += random.int(20 * MINUTE, 40 * MINUTE);
        if (random.chance(0.7)) sender = receiver;
      }
    }
    const first = messages[0];
    const lastMessageAt = messages.at(-1)?.sentAt;
    if (!first || lastMessageAt === undefined) continue;
    const states = [a, b].map((ownerUid) => ({
      ownerUid,
      conversationId,
      tags: [],
      unreadMessageCount: 0,
      createdAt: first.sentAt,
      updatedAt: lastMessageAt,
    }));
    conversations.push({ conversationId, messages, states, lastMessageAt });
  }
  return conversations;
}
