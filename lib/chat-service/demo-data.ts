import {
  chatBlocks,
  chatConversationStates,
  chatGroupMembers,
  chatGroups,
  chatMessages,
  chatUsers,
  type ReceiptRecord,
} from "./db/schema";
import { groupConversationId, userConversationId } from "./records";

/**
 * Demo data of the embedded chat service: users, groups, conversations and blocks that look
 * like a lived-in app. Pure and deterministic: the same `now` always gives the same rows, so
 * tests and screenshots can rely on them. All times are Unix seconds before `now`.
 */

type UserInsert = typeof chatUsers.$inferInsert;
type GroupInsert = typeof chatGroups.$inferInsert;
type MemberInsert = typeof chatGroupMembers.$inferInsert;
/** Without `id`: the bigserial numbers messages in insertion order, which is chronological. */
type MessageInsert = Omit<typeof chatMessages.$inferInsert, "id">;
type StateInsert = typeof chatConversationStates.$inferInsert;
type BlockInsert = typeof chatBlocks.$inferInsert;

export type DemoData = {
  users: UserInsert[];
  groups: GroupInsert[];
  members: MemberInsert[];
  messages: MessageInsert[];
  states: StateInsert[];
  blocks: BlockInsert[];
};

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SEED = 0x7412002;

// ---------------------------------------------------------------------------------------------
// Data tables
// ---------------------------------------------------------------------------------------------

/** The vendor's sample users, as its tutorials and SDK samples name them. */
const SAMPLE_USERS = [
  { uid: "cometchat-uid-1", name: "Andrew Joseph", avatar: "ironman.png", status: "available" },
  { uid: "cometchat-uid-2", name: "George Alan", avatar: "captainamerica.png", status: "available" },
  { uid: "cometchat-uid-3", name: "Nancy Grace", avatar: "cyclops.png", status: "offline" },
  { uid: "cometchat-uid-4", name: "Susan Marie", avatar: "ironman.png", status: "offline" },
  { uid: "cometchat-uid-5", name: "John Paul", avatar: "wolverine.png", status: "offline" },
] as const;

const SAMPLE_AVATAR_FOLDER = "https://data-us.cometchat.io/assets/images/avatars";

/** Everyone else; the UID is the slug of the name. */
const PEOPLE = [
  "Amara Okafor",
  "Hiroshi Tanaka",
  "Sofia Rossi",
  "Mateo García",
  "Priya Raman",
  "Liam O'Brien",
  "Fatima Al-Sayed",
  "Wei Chen",
  "Olga Petrova",
  "Kwame Mensah",
  "Ingrid Johansson",
  "Diego Fernández",
  "Aisha Bello",
  "Lukas Müller",
  "Mei Lin",
  "Linh Nguyen",
  "Ananya Iyer",
  "Tomás Silva",
  "Yara Haddad",
  "Noah Cohen",
  "Zanele Dlamini",
  "Elif Yılmaz",
  "Jakub Nowak",
  "Camille Dubois",
  "Rahul Verma",
  "Seo-yeon Park",
  "Kofi Asante",
  "Isabella Costa",
  "Mohammed Rahman",
  "Emma Larsen",
  "Santiago López",
  "Leilani Kahale",
  "Dmitri Volkov",
  "Nadia Benali",
  "Arjun Menon",
  "Chloé Martin",
  "Tariq Hussain",
  "Freya Nielsen",
  "Kenji Watanabe",
  "Lucía Romero",
  "Oluwaseun Adeyemi",
  "Hannah Schmidt",
  "Ravi Shankar",
  "Mariana Oliveira",
  "Ahmed Farouk",
  "Astrid Lindqvist",
  "Joon-ho Kim",
  "Gabriela Mendes",
  "Samuel Osei",
  "Aylin Demir",
  "Connor Walsh",
  "Nia Thompson",
  "Bogdan Ionescu",
  "Siobhan Kelly",
  "Rafael Torres",
  "Anika Sharma",
  "Thabo Nkosi",
  "Maya Goldberg",
  "Pedro Almeida",
  "Zoe Papadopoulos",
  "Kevin Price",
  "Brittany Cole",
] as const;

/** Accounts that only send spam: the reason behind most blocks, kicks and bans below. */
const SPAMMERS = ["kevin-price", "brittany-cole"] as const;

const ROLES: Readonly<Record<string, "moderator" | "vip">> = {
  "fatima-al-sayed": "moderator",
  "priya-raman": "moderator",
  "lukas-muller": "moderator",
  "kwame-mensah": "vip",
  "isabella-costa": "vip",
  "ingrid-johansson": "vip",
};

const WITHOUT_AVATAR = new Set(["kevin-price", "brittany-cole", "bogdan-ionescu", "thabo-nkosi", "zoe-papadopoulos"]);

const WITH_PROFILE_LINK = new Set([
  "camille-dubois",
  "hiroshi-tanaka",
  "kwame-mensah",
  "priya-raman",
  "joon-ho-kim",
  "tomas-silva",
]);

const METADATA: Readonly<Record<string, Record<string, unknown>>> = {
  "amara-okafor": { "@private": { email: "amara.okafor@example.com", contactNumber: "+234 801 555 0142" } },
  "fatima-al-sayed": {
    "@private": { email: "fatima.alsayed@example.com", contactNumber: "+971 50 555 0199" },
    department: "Support",
  },
  "kwame-mensah": { plan: "pro" },
  "isabella-costa": { plan: "pro" },
  "hiroshi-tanaka": { timezone: "Asia/Tokyo" },
  "connor-walsh": { plan: "free" },
  "kevin-price": { "@private": { email: "deals4u@example.net" }, signupSource: "referral" },
};

/** Turns of a direct conversation, alternating between the two; a list is several messages in a row. */
type Turn = string | readonly string[];

const DIRECT_THREADS: readonly (readonly Turn[])[] = [
  [
    "Hey, are you around later?",
    "Yes, after 6. What's up?",
    "Wanted to run the budget numbers by you before Monday",
    "Sure, send them over and I'll look tonight",
  ],
  [
    "Did you see the game last night?",
    ["That last-minute goal!", "I actually jumped off the couch"],
    "Haha same. Watching the rematch together?",
    "Definitely, my place this time",
  ],
  [
    "Thanks again for the book recommendation",
    "Which one, the Le Guin?",
    "Yes, finished it in two days",
    "Told you! The Dispossessed is next then",
    "Already ordered it 📚",
  ],
  [
    "Can you cover my shift Thursday?",
    "Morning or evening?",
    "Evening, 4 to 10",
    "I can do it if you take my Sunday",
    "Deal, thank you!!",
  ],
  ["Running 10 minutes late, sorry", "No worries, I'll grab a table"],
  [
    "Happy birthday!! 🎂",
    "Thank you! 😊",
    "Any plans?",
    "Dinner with family, nothing big",
    "Enjoy, we'll celebrate properly next week",
  ],
  ["Is the 3pm still on?", "Moved to 3:30, the client asked", "Got it, same link?", "Same link"],
  [
    "I found a great apartment near the park",
    "Tell me everything",
    ["Two bedrooms, big kitchen", "Rent is a bit high though"],
    "Send me the listing!",
    "Here: the one on Maple Street",
    "Oh that's lovely. Go see it before someone else does",
    "Viewing is tomorrow at noon 🤞",
  ],
  ["Did the package arrive?", "Yes, this morning. Thank you so much", "Does it fit?", "Perfectly"],
  [
    "Quick question about the API docs",
    "Shoot",
    "Is the rate limit per app or per key?",
    "Per app, as far as I know",
    "Thanks, that explains the 429s",
    "Add a backoff and you'll be fine",
  ],
  ["Lunch tomorrow?", "Can't, dentist 😬", "Friday then?", "Friday works"],
  [
    "Flights are booked ✈️",
    "Finally! Which dates?",
    "Leaving the 14th, back the 22nd",
    "Who's watering your plants?",
    "Hoping you would 😅",
    "Of course. Leave the key with your neighbour?",
    "Yes, I'll drop it off Sunday",
    ["Also the cat needs feeding twice a day", "Food is in the pantry"],
    "The cat too?! Fine, but I'm expecting souvenirs",
    "Deal. Something edible",
    "Good answer",
  ],
  [
    "Your presentation was great today",
    "Really? I was so nervous",
    "Nobody could tell. The demo was the best part",
    "That means a lot, thanks",
  ],
  [
    "Can you send me the photos from Saturday?",
    "Uploading now, there are like 200",
    "Just the good ones 😂",
    "Those ARE the good ones",
  ],
  [
    "Hey! Long time no see",
    "I know! How have you been?",
    "Busy. New job, new city",
    "Congrats! Where?",
    "Lisbon, moved last month",
    "Amazing. I'll visit in spring",
    "You'd better",
  ],
  ["Are you joining the hackathon?", "Thinking about it. Need a team?", "We have two, need a designer", "I'm in", "🙌"],
  ["Reminder: rent is due Friday", "Already sent, check your account"],
  [
    "So are we doing the road trip or not?",
    "I'm in if we split the driving",
    "Obviously",
    ["I can bring the cooler", "And the speaker"],
    "I'll make a playlist",
    "No country music please",
    "No promises",
    "Where do we sleep the first night?",
    "There's a campsite by the lake, 40 a night",
    "Book it",
    "Booked ✅",
    "Leaving at 7?",
    "7 is brutal. 8?",
    "8 it is",
  ],
  [
    "Did you get my email about the invoice?",
    "Yes, it's with accounting",
    "Any idea when it'll be paid?",
    "Usually within 14 days",
    "Ok, thanks for checking",
  ],
  ["Are you bringing anything to the potluck?", "Jollof rice, obviously", "Then I'm bringing dessert", "Perfect combo"],
  ["Can I borrow your drill this weekend?", "Sure, the charger is in the box", "You're a lifesaver"],
];

const SPAM_JOB_THREAD: readonly Turn[] = [
  [
    "Hi! 👋 Want to earn $500 a day from home?",
    "Only 5 spots left, reply YES to claim yours",
    "https://quick-profit.example/join",
  ],
  "Please stop messaging me.",
  "Last chance!! Offer ends tonight 🚀",
];

const SPAM_GIFT_THREAD: readonly Turn[] = [
  [
    "Congratulations! You've been selected for a free gift card 🎁",
    "Just confirm your card details here: https://free-gift.example/claim",
  ],
  "This is a scam. Reporting you.",
];

const ARGUMENT_THREAD: readonly Turn[] = [
  "You still haven't paid me back for the concert tickets",
  "I told you I'd pay when I get paid",
  "That was two months ago",
  "Stop hassling me about it",
  "I'm just asking for what you owe",
  "Whatever. Don't message me again",
];

/** Direct conversations with a story behind them; the rest are drawn at random. */
const SCRIPTED_DIRECTS = [
  { starter: "kevin-price", other: "cometchat-uid-1", thread: SPAM_JOB_THREAD },
  { starter: "brittany-cole", other: "cometchat-uid-1", thread: SPAM_GIFT_THREAD },
  { starter: "brittany-cole", other: "cometchat-uid-3", thread: SPAM_GIFT_THREAD },
  { starter: "kevin-price", other: "amara-okafor", thread: SPAM_JOB_THREAD },
  { starter: "kevin-price", other: "ravi-shankar", thread: SPAM_JOB_THREAD },
  { starter: "siobhan-kelly", other: "connor-walsh", thread: ARGUMENT_THREAD },
] as const;

/** Sample users talking to people outside the sample set, so their lists are not only each other. */
const SAMPLE_CONTACTS = [
  ["cometchat-uid-2", "priya-raman"],
  ["cometchat-uid-4", "tomas-silva"],
  ["cometchat-uid-5", "olga-petrova"],
] as const;

/** Opened (it has a state for both) but never written in: the case where `lastMessage` is absent. */
const SILENT_PAIR = ["cometchat-uid-4", "cometchat-uid-5"] as const;

const RANDOM_DIRECT_COUNT = 40;

const BLOCKS = [
  ["cometchat-uid-1", "kevin-price"],
  ["cometchat-uid-1", "brittany-cole"],
  ["cometchat-uid-3", "brittany-cole"],
  ["amara-okafor", "kevin-price"],
  ["ravi-shankar", "kevin-price"],
  ["connor-walsh", "siobhan-kelly"],
  ["siobhan-kelly", "connor-walsh"],
] as const;

const TAG_SETS = [
  ["vip"],
  ["support", "billing"],
  ["pinned"],
  ["follow-up"],
  ["work"],
  ["family"],
  ["archived"],
] as const;

/** Tags the README and tests point at; everything else gets random tags or none. */
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

type ScriptLine =
  | readonly [sender: string, text: string]
  | { readonly action: "kicked" | "banned" | "unbanned"; readonly by: string; readonly on: string };

type GroupSpec = {
  guid: string;
  name: string;
  description: string;
  type: "public" | "private" | "password";
  owner: string;
  moderators: readonly string[];
  participants: readonly string[];
  /** Said after everyone has joined. Users named here who are not members joined and were removed. */
  script: readonly ScriptLine[];
};

const GROUPS = [
  {
    guid: "cometchat-guid-1",
    name: "Hiking Group",
    description: "Weekend trails, carpools and gear swaps. Be kind and leave no trace.",
    type: "public",
    owner: "cometchat-uid-1",
    moderators: ["cometchat-uid-2"],
    participants: [
      "cometchat-uid-3",
      "cometchat-uid-4",
      "cometchat-uid-5",
      "amara-okafor",
      "kwame-mensah",
      "ingrid-johansson",
      "tomas-silva",
    ],
    script: [
      ["cometchat-uid-1", "Welcome everyone! First group hike is Saturday at Eagle Ridge."],
      ["cometchat-uid-3", "Count me in. How long is the loop?"],
      ["cometchat-uid-2", "About 14 km with 600 m of climbing. Bring two litres of water."],
      ["kevin-price", "Best hiking boots 70% off today only 👉 https://quick-profit.example/boots"],
      { action: "kicked", by: "cometchat-uid-2", on: "kevin-price" },
      ["amara-okafor", "Is there a carpool from the station?"],
      ["cometchat-uid-4", "I have three free seats, leaving 7:30 from the north exit."],
      ["liam-obrien", "Honestly this route is boring, whoever picked it has no idea"],
      ["cometchat-uid-5", "Let's keep it friendly please."],
      ["liam-obrien", "Or what?"],
      { action: "banned", by: "cometchat-uid-2", on: "liam-obrien" },
      ["kwame-mensah", "Photos from Saturday are in the shared album 📸"],
      ["ingrid-johansson", "That view from the summit! Same time next month?"],
      ["cometchat-uid-1", "Yes, the lake trail. Liam apologised, so I'm letting him back in."],
      { action: "unbanned", by: "cometchat-uid-1", on: "liam-obrien" },
    ],
  },
  {
    guid: "design-critique",
    name: "Design Critique",
    description: "Weekly crits of work in progress. Honest, specific, kind.",
    type: "private",
    owner: "camille-dubois",
    moderators: ["hiroshi-tanaka"],
    participants: ["sofia-rossi", "mei-lin", "cometchat-uid-3", "ananya-iyer", "joon-ho-kim", "gabriela-mendes"],
    script: [
      ["camille-dubois", "New week, new crits. Drop your work in progress here by Wednesday."],
      ["sofia-rossi", "Here's the onboarding flow for the banking app. Feedback on the second screen especially?"],
      [
        "hiroshi-tanaka",
        "The hierarchy is clear, but the secondary button competes with the primary. Try a text button.",
      ],
      ["mei-lin", "Agree. Also the illustration pushes the form below the fold on small phones."],
      ["cometchat-uid-3", "Could we do a session on accessible colour palettes sometime?"],
      ["camille-dubois", "Great idea. Ananya, would you lead it?"],
      ["ananya-iyer", "Happy to! Thursday after lunch?"],
      ["joon-ho-kim", "I'll bring contrast-checker examples from our design system."],
      ["gabriela-mendes", "Late to this, but the new icons look 🔥"],
      ["hiroshi-tanaka", "Reminder: crit notes go on the shared board, not in DMs, so everyone learns."],
    ],
  },
  {
    guid: "founders-circle",
    name: "Founders Circle",
    description: "Early-stage founders swapping notes on hiring, fundraising and burnout. Chatham House rules.",
    type: "password",
    owner: "kwame-mensah",
    moderators: ["priya-raman"],
    participants: ["noah-cohen", "yara-haddad", "cometchat-uid-2", "isabella-costa", "mohammed-rahman", "samuel-osei"],
    script: [
      ["kwame-mensah", "Welcome to Founders Circle. Chatham House rules: what's said here stays here."],
      ["yara-haddad", "Has anyone raised a seed round in the last six months? Looking for a lawyer recommendation."],
      ["noah-cohen", "We used a boutique firm in Tel Aviv, happy to intro."],
      ["connor-walsh", "DM me if you want investors, I can get you a meeting with anyone for a fee"],
      ["priya-raman", "Connor, paid intros aren't allowed here. Please read the pinned rules."],
      ["connor-walsh", "Rules are for people without a network"],
      { action: "banned", by: "priya-raman", on: "connor-walsh" },
      ["isabella-costa", "Back on topic: how are people handling hiring freezes?"],
      ["cometchat-uid-2", "We moved two contractors to part-time instead of letting them go."],
      ["mohammed-rahman", "Same here. Runway went from 14 to 19 months."],
      ["samuel-osei", "Useful thread, thanks all."],
      ["priya-raman", "Connor reached out and agreed to the rules, so he gets another chance."],
      { action: "unbanned", by: "priya-raman", on: "connor-walsh" },
    ],
  },
  {
    guid: "night-shift-support",
    name: "Night Shift Support",
    description: "Handover and escalations for the 22:00 to 06:00 support shift.",
    type: "private",
    owner: "fatima-al-sayed",
    moderators: ["lukas-muller", "aisha-bello"],
    participants: ["rahul-verma", "emma-larsen", "santiago-lopez", "anika-sharma", "nia-thompson"],
    script: [
      ["fatima-al-sayed", "Handover: 12 open tickets, two are billing escalations. Notes are in the tracker."],
      ["rahul-verma", "Taking the billing ones."],
      ["emma-larsen", "The customer on ticket 4471 wants a refund outside the 30-day window. Policy?"],
      ["lukas-muller", "Escalate to billing with a note, they approve case by case."],
      ["santiago-lopez", "Outage page is up for the EU region, status page updated at 02:10."],
      ["aisha-bello", "Thanks Santiago. Please post updates every 30 minutes until it's resolved."],
      ["dmitri-volkov", "Anyone know why I can't see the tracker anymore?"],
      [
        "fatima-al-sayed",
        "Dmitri, you moved to the day team last week, so I'm taking you off this group. Ping me if you need anything!",
      ],
      { action: "kicked", by: "fatima-al-sayed", on: "dmitri-volkov" },
      ["anika-sharma", "EU region is back, error rates normal since 02:48."],
      ["nia-thompson", "Closing the outage ticket and sending the follow-up email."],
      ["lukas-muller", "Great shift everyone. Handover notes are in the tracker."],
    ],
  },
  {
    guid: "weekend-cyclists",
    name: "Weekend Cyclists",
    description: "Social road rides on Sundays. No-drop, coffee stop guaranteed.",
    type: "public",
    owner: "tomas-silva",
    moderators: ["lucia-romero"],
    participants: [
      "diego-fernandez",
      "freya-nielsen",
      "kenji-watanabe",
      "cometchat-uid-4",
      "oluwaseun-adeyemi",
      "hannah-schmidt",
      "nadia-benali",
    ],
    script: [
      ["tomas-silva", "Sunday ride: 60 km coastal loop, coffee stop at the lighthouse. Leaving 8:00 from the square."],
      ["freya-nielsen", "Pace?"],
      ["lucia-romero", "Social pace, around 25 km/h. Nobody gets dropped."],
      ["kenji-watanabe", "I'll bring a spare tube and a pump."],
      ["cometchat-uid-4", "First group ride for me, is a hybrid bike ok?"],
      ["diego-fernandez", "Totally fine! Just bring lights in case we're back late."],
      ["oluwaseun-adeyemi", "Forecast says wind from the north, so the way back will be fun 😅"],
      ["hannah-schmidt", "Count me in. Coffee's on me at the lighthouse."],
      ["nadia-benali", "Flat tyre at km 42, go ahead, I'll catch up!"],
      ["lucia-romero", "We're waiting at the lighthouse, no rush."],
      ["tomas-silva", "Great ride everyone. 14 riders today!"],
    ],
  },
  {
    guid: "slow-reads-book-club",
    name: "Slow Reads Book Club",
    description: "One book a month, discussed on the last Thursday. Spoilers only after the meetup.",
    type: "public",
    owner: "ingrid-johansson",
    moderators: ["olga-petrova"],
    participants: [
      "wei-chen",
      "linh-nguyen",
      "zanele-dlamini",
      "elif-yilmaz",
      "maya-goldberg",
      "cometchat-uid-5",
      "leilani-kahale",
    ],
    script: [
      ["ingrid-johansson", "This month: 'Piranesi' by Susanna Clarke. Discussion on the 28th."],
      ["wei-chen", "Just started. The house is such a strange, beautiful idea."],
      ["brittany-cole", "📚 Earn money reading books!! Sign up at https://free-gift.example/read"],
      { action: "banned", by: "olga-petrova", on: "brittany-cole" },
      ["zanele-dlamini", "No spoilers past chapter 10 please!"],
      ["elif-yilmaz", "Agreed. I'm only on part two."],
      ["cometchat-uid-5", "Is the audiobook worth it? Long commute this month."],
      ["maya-goldberg", "The narrator is wonderful, I'd recommend it."],
      ["linh-nguyen", "Can we pick something shorter for next month? December is busy."],
      ["leilani-kahale", "Vote for 'Small Things Like These', it's under 120 pages."],
      ["olga-petrova", "The poll is pinned, voting closes Friday."],
    ],
  },
] as const satisfies readonly GroupSpec[];

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

type Random = {
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  shuffle: <T>(items: readonly T[]) => T[];
};

/** mulberry32: tiny and good enough for demo data; a fixed seed keeps the data stable. */
function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("Cannot pick from an empty list");
    return items[int(0, items.length - 1)] as T;
  };
  return {
    int,
    chance: (probability) => next() < probability,
    pick,
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
  };
}

/** UIDs allow only lower-case letters, digits, `_` and `-`, so accents and apostrophes go. */
function slugOf(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ı/g, "i")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

function buildUsers(random: Random, now: number): UserInsert[] {
  const samples: UserInsert[] = SAMPLE_USERS.map((user, index) => ({
    uid: user.uid,
    name: user.name,
    avatar: `${SAMPLE_AVATAR_FOLDER}/${user.avatar}`,
    link: null,
    role: "default",
    status: user.status,
    metadata: null,
    // The sample users come with a new app, so they are the oldest accounts.
    createdAt: now - 720 * DAY + index * MINUTE,
    updatedAt: index % 2 === 0 ? now - random.int(10 * DAY, 200 * DAY) : null,
  }));
  const people: UserInsert[] = PEOPLE.map((name) => {
    const uid = slugOf(name);
    // At least 45 days old, so every group and conversation below fits after the account exists.
    const createdAt = now - random.int(45 * DAY, 700 * DAY);
    return {
      uid,
      name,
      avatar: WITHOUT_AVATAR.has(uid) ? null : `https://i.pravatar.cc/150?u=${uid}`,
      link: WITH_PROFILE_LINK.has(uid) ? `https://example.com/people/${uid}` : null,
      role: ROLES[uid] ?? "default",
      status: random.chance(0.35) ? "available" : "offline",
      metadata: METADATA[uid] ?? null,
      createdAt,
      updatedAt: random.chance(0.4) ? random.int(createdAt + DAY, now - HOUR) : null,
    };
  });
  return [...samples, ...people];
}

type Conversation = { conversationId: string; messages: MessageInsert[]; states: StateInsert[]; lastMessageAt: number };

type Context = {
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

function buildGroup(spec: GroupSpec, context: Context): Conversation & { group: GroupInsert; members: MemberInsert[] } {
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

function buildDirect(starter: string, other: string, thread: readonly Turn[], context: Context): Conversation {
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

function silentConversation(context: Context): StateInsert[] {
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
function directPairs(
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
  const directBuilds = directPairs(random, users).map(({ starter, other, thread }) =>
    buildDirect(starter, other, thread, context),
  );
  const conversations: Conversation[] = [...groupBuilds, ...directBuilds];
  const lastMessageAt = new Map(directBuilds.map((build) => [build.conversationId, build.lastMessageAt]));

  return {
    users,
    groups: groupBuilds.map((build) => build.group),
    members: groupBuilds.flatMap((build) => build.members),
    // Sorted by time (stable for equal times), so ids follow the order messages were sent.
    messages: conversations.flatMap((conversation) => conversation.messages).sort((a, b) => a.sentAt - b.sentAt),
    states: [...conversations.flatMap((conversation) => conversation.states), ...silentConversation(context)],
    blocks: buildBlocks(random, now, lastMessageAt),
  };
}
