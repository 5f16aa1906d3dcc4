import type { RuleCondition } from "@/lib/rule-matching/types";

/**
 * What every app of the vendor has from its start: the keyword list `profanity-list` and the default
 * rules of its list example (`GET /moderation/rules`), with their ids, names, descriptions, actions
 * and enabled flags. Ours: the list's words (a short list of common English profanities, none of which
 * the demo data's messages hold, or its default rule would block demo chatter: see
 * moderation-defaults.test.ts), and the two patterns, written as valid JavaScript regular expressions
 * our pattern check accepts (the document's `{a-z}` are its slips for `[a-z]`, and the email pattern's
 * unbounded `+` are bounded and its anchors dropped, so that it finds an address inside a message).
 */

export const PROFANITY_LIST = {
  id: "profanity-list",
  name: "Profane Words",
  description: "Common English profanities.",
  category: "word",
  searchTerms: [
    "fuck",
    "fucking",
    "motherfucker",
    "shit",
    "bullshit",
    "asshole",
    "bastard",
    "bitch",
    "cunt",
    "dickhead",
    "wanker",
    "twat",
    "prick",
    "jackass",
    "douchebag",
    "scumbag",
    "cocksucker",
    "piss off",
    "son of a bitch",
    "shithead",
  ],
} as const;

const textCondition = (id: number, extra: Partial<RuleCondition>): RuleCondition => ({
  id,
  isKeywordsReferencePresent: false,
  isMediaPresent: false,
  entity: "message",
  operand: "text",
  category: "word",
  operator: "contains",
  value: [],
  ...extra,
});

const PHONE_PATTERN = "\\+?(\\d{1,3})?[-.\\s]?\\(?\\d{1,4}?\\)?[-.\\s]?\\d{1,4}[-.\\s]?\\d{1,4}[-.\\s]?\\d{1,9}";
const EMAIL_PATTERN = "[a-zA-Z0-9._%+-]{1,64}@[a-zA-Z0-9.-]{1,63}\\.[a-zA-Z]{2,24}";

export type DefaultRule = {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  conditions: RuleCondition[];
  action: ["blockMessage"] | ["dropMessage"];
};

export const DEFAULT_RULES: DefaultRule[] = [
  {
    id: "text-profanity-filter",
    name: "Text Profanity filter",
    description: "Detect and censor profanity in text messages.",
    enabled: true,
    conditions: [textCondition(1, { isKeywordsReferencePresent: true, value: [PROFANITY_LIST.id] })],
    action: ["blockMessage"],
  },
  {
    id: "image-moderation",
    name: "AI Image Moderation",
    description: "AI-powered image moderation to detect unsafe content.",
    enabled: false,
    conditions: [textCondition(1, { isMediaPresent: true, operand: "image", value: ["AnyOf_greaterThan_30"] })],
    action: ["blockMessage"],
  },
  {
    id: "video-moderation",
    name: "AI Video Moderation",
    description: "AI-powered video moderation to detect unsafe content.",
    enabled: false,
    conditions: [textCondition(1, { isMediaPresent: true, operand: "video", value: ["AnyOf_greaterThan_30"] })],
    action: ["dropMessage"],
  },
  {
    id: "custom-profanity-filter",
    name: "Custom Profanity filter",
    description: "Detect and censor profanity in custom messages.",
    enabled: false,
    conditions: [textCondition(1, { isKeywordsReferencePresent: true, operand: "custom", value: [PROFANITY_LIST.id] })],
    action: ["dropMessage"],
  },
  {
    id: "contact_details_filter",
    name: "Contact details filter",
    description: "Identifies and removes phone numbers from text",
    enabled: false,
    conditions: [
      textCondition(1, { category: "pattern", value: [PHONE_PATTERN] }),
      textCondition(2, { category: "pattern", operand: "custom", value: [PHONE_PATTERN] }),
    ],
    action: ["blockMessage"],
  },
  {
    id: "email_filter",
    name: "Email filter",
    description: "Identify and remove email address from messages",
    enabled: false,
    conditions: [
      textCondition(1, { category: "pattern", value: [EMAIL_PATTERN] }),
      textCondition(2, { category: "pattern", operand: "custom", value: [EMAIL_PATTERN] }),
    ],
    action: ["blockMessage"],
  },
];

/**
 * The demo data's own list (no rule uses it yet): scam domains seen before. Not the demo raid's
 * `usdt-drop.example`: a moderator adds that one to stop the raid.
 */
export const DEMO_KEYWORD_LISTS = [
  {
    id: "scam-links",
    name: "Scam links",
    description: "Domains of known scams, for a rule to use.",
    category: "word",
    searchTerms: [
      "free-nitro-gift.example",
      "airdrop-claim.example",
      "wallet-verify.example",
      "crypto-doubler.example",
    ],
  },
] as const;
