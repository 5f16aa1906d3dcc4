/** The direct conversations and blocks of the demo data (demo-data.ts): scripted threads and who is in them. */

/** Turns of a direct conversation, alternating between the two; a list is several messages in a row. */
export type Turn = string | readonly string[];

export const DIRECT_THREADS: readonly (readonly Turn[])[] = [
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
export const SCRIPTED_DIRECTS = [
  { starter: "kevin-price", other: "cometchat-uid-1", thread: SPAM_JOB_THREAD },
  { starter: "brittany-cole", other: "cometchat-uid-1", thread: SPAM_GIFT_THREAD },
  { starter: "brittany-cole", other: "cometchat-uid-3", thread: SPAM_GIFT_THREAD },
  { starter: "kevin-price", other: "amara-okafor", thread: SPAM_JOB_THREAD },
  { starter: "kevin-price", other: "ravi-shankar", thread: SPAM_JOB_THREAD },
  { starter: "siobhan-kelly", other: "connor-walsh", thread: ARGUMENT_THREAD },
] as const;

/** Sample users talking to people outside the sample set, so their lists are not only each other. */
export const SAMPLE_CONTACTS = [
  ["cometchat-uid-2", "priya-raman"],
  ["cometchat-uid-4", "tomas-silva"],
  ["cometchat-uid-5", "olga-petrova"],
] as const;

/** Opened (it has a state for both) but never written in: the case where `lastMessage` is absent. */
export const SILENT_PAIR = ["cometchat-uid-4", "cometchat-uid-5"] as const;

export const RANDOM_DIRECT_COUNT = 40;

export const BLOCKS = [
  ["cometchat-uid-1", "kevin-price"],
  ["cometchat-uid-1", "brittany-cole"],
  ["cometchat-uid-3", "brittany-cole"],
  ["amara-okafor", "kevin-price"],
  ["ravi-shankar", "kevin-price"],
  ["connor-walsh", "siobhan-kelly"],
  ["siobhan-kelly", "connor-walsh"],
] as const;
