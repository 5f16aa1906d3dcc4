import { z } from "zod";
import { uidSchema } from "./uid";

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

/** A moderator's change of a block's expiry: from now, or "forever" to keep it until unblocked. */
export const blockExpirySchema = z.object({
  blocker: uidSchema,
  uid: uidSchema,
  blockFor: blockForSchema,
});
