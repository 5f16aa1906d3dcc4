import { randomUUID } from "node:crypto";

/** Who and what the generated log is about: the same operators, UIDs and mix on every run. */

export const UID_POOL = 20_000;

/** A small seeded generator, so that every run seeds the same mix. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Role = "admin" | "moderator" | "support" | "auditor";
export type Operator = { id: string; email: string; role: Role; ips: string[]; userAgent: string };

const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
];
const OPERATOR_NAMES: Array<[string, Role]> = [
  ["ana.admin", "admin"],
  ["bruno.admin", "admin"],
  ["chloe.mod", "moderator"],
  ["dev.mod", "moderator"],
  ["emil.mod", "moderator"],
  ["farah.mod", "moderator"],
  ["goran.mod", "moderator"],
  ["hana.mod", "moderator"],
  ["ivan.support", "support"],
  ["jun.support", "support"],
  ["kofi.support", "support"],
  ["lea.auditor", "auditor"],
];
export const OPERATORS: Operator[] = OPERATOR_NAMES.map(([name, role], index) => ({
  id: randomUUID(),
  email: `${name}@example.com`,
  role,
  ips: [`10.20.${index}.${10 + index}`, `192.0.2.${40 + index}`],
  userAgent: USER_AGENTS[index % USER_AGENTS.length]!,
}));
export const STRANGER_EMAILS = Array.from({ length: 40 }, (_, index) => `unknown${index}@example.net`);
export const REASONS = [
  null,
  null,
  "spam",
  "harassment",
  "scam links",
  "ban evasion",
  "requested by the user",
  "ticket #4821",
];
export const TAGS = ["vip", "escalated", "refund", "spam-report", "follow-up", "billing", "verified", "watchlist"];

/** UIDs as the chat service has them; a few are far more often acted on than the rest. */
export const uidAt = (index: number) => `user-${index.toString(36).padStart(4, "0")}`;
