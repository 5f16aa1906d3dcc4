/** How long a block lasts: the choices of "Block for", the first of which is the default. */
export const BLOCK_FOR = [
  { value: "forever", label: "Until unblocked", seconds: null },
  { value: "1h", label: "1 hour", seconds: 3600 },
  { value: "24h", label: "24 hours", seconds: 24 * 3600 },
  { value: "7d", label: "7 days", seconds: 7 * 24 * 3600 },
  { value: "30d", label: "30 days", seconds: 30 * 24 * 3600 },
] as const;

export type BlockFor = (typeof BLOCK_FOR)[number]["value"];

/** Seconds a block lasts, or null for until unblocked. */
export const blockForSeconds = (value: BlockFor): number | null =>
  BLOCK_FOR.find((option) => option.value === value)?.seconds ?? null;
