import type { Random } from "./demo-random";
import { DAY, HOUR, MINUTE, type UserInsert } from "./demo-types";

/** The people of the demo data (demo-data.ts): the vendor's sample users and everyone else. */

/** The vendor's sample users, as its tutorials and SDK samples name them. */
export const SAMPLE_USERS = [
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
export const SPAMMERS = ["kevin-price", "brittany-cole"] as const;

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

export function buildUsers(random: Random, now: number): UserInsert[] {
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
