/** The groups of the demo data (demo-data.ts): who is in each, and what was said there. */

type ScriptLine =
  | readonly [sender: string, text: string]
  | { readonly action: "kicked" | "banned" | "unbanned"; readonly by: string; readonly on: string };

export type GroupSpec = {
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

export const GROUPS = [
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
