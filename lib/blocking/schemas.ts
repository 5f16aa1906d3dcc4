import { z } from "@/lib/validation/zod";
import { reasonSchema } from "@/lib/validation/reason";
import { uidProblem, uidSchema } from "@/lib/validation/uid";

/** How long a block lasts: the choices of "Block for", the first of which is the default. */
export const BLOCK_FOR = [
  { value: "forever", label: "Until unblocked", seconds: null },
  { value: "1h", label: "1 hour", seconds: 3600 },
  { value: "24h", label: "24 hours", seconds: 24 * 3600 },
  { value: "7d", label: "7 days", seconds: 7 * 24 * 3600 },
  { value: "30d", label: "30 days", seconds: 30 * 24 * 3600 },
] as const;

export type BlockFor = (typeof BLOCK_FOR)[number]["value"];

export const blockForSchema = z
  .enum(BLOCK_FOR.map((option) => option.value) as [BlockFor, ...BlockFor[]], {
    error: "Choose how long the block lasts: 1 hour, 24 hours, 7 days, 30 days or until unblocked.",
  })
  .default("forever");

/** Seconds a block lasts, or null for until unblocked. */
export const blockForSeconds = (value: BlockFor): number | null =>
  BLOCK_FOR.find((option) => option.value === value)?.seconds ?? null;

/** The most UIDs one block from the workspace sends; larger lists go through incident mode. */
export const MAX_UIDS_PER_BLOCK = 1000;

export type UidListEntry =
  | { uid: string; status: "valid" }
  | { uid: string; status: "invalid"; problem: string }
  | { uid: string; status: "duplicate" }
  | { uid: string; status: "self" };

export type ParsedUidList = { entries: UidListEntry[]; valid: string[] };

/**
 * Reads UIDs separated by commas, spaces or new lines: duplicates merged (case-insensitively, as
 * the service lowercases), invalid ones flagged with the reason, the blocker itself left out.
 */
export function parseUidList(text: string, blocker?: string): ParsedUidList {
  const self = blocker?.toLowerCase();
  const seen = new Set<string>();
  const entries: UidListEntry[] = [];
  const valid: string[] = [];
  for (const token of text.split(/[\s,;]+/)) {
    if (!token) continue;
    const problem = uidProblem(token);
    if (problem) {
      entries.push({ uid: token, status: "invalid", problem });
      continue;
    }
    const uid = token.toLowerCase();
    if (seen.has(uid)) {
      entries.push({ uid, status: "duplicate" });
    } else if (uid === self) {
      seen.add(uid);
      entries.push({ uid, status: "self" });
    } else {
      seen.add(uid);
      entries.push({ uid, status: "valid" });
      valid.push(uid);
    }
  }
  return { entries, valid };
}

export const blockUsersSchema = z
  .object({
    blocker: uidSchema,
    uids: z
      .array(uidSchema)
      .min(1, "Choose at least one UID to block.")
      .max(MAX_UIDS_PER_BLOCK, `Block at most ${MAX_UIDS_PER_BLOCK} UIDs at a time here; use incident mode for more.`),
    reason: reasonSchema,
    blockFor: blockForSchema,
  })
  .refine((input) => !input.uids.includes(input.blocker), {
    message: "A user cannot block themselves: remove the blocker's own UID.",
    path: ["uids"],
  })
  .transform((input) => ({ ...input, uids: [...new Set(input.uids)] }));

export const unblockUsersSchema = z.object({
  blocker: uidSchema,
  uids: z
    .array(uidSchema)
    .min(1, "Choose at least one UID to unblock.")
    .max(100, "Unblock at most 100 UIDs at a time."),
  reason: reasonSchema,
});
