import { createHash } from "node:crypto";
import type { AffectedUids } from "@/lib/db/schema";

/** UIDs shown with an entry before "and N more"; the rest sit in `audit_event_uids`. */
const SAMPLE = 3;

export function uniqueUids(uids: Iterable<string | null | undefined>): string[] {
  return [...new Set([...uids].filter((uid): uid is string => typeof uid === "string" && uid !== ""))];
}

/** SHA-256 of the sorted list: the entry carries it, so a UID row added or removed later shows. */
export function affectedDigest(uids: string[]): string {
  const sorted = [...uids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256").update(sorted.join("\n")).digest("hex");
}

export function affectedSummary(uids: string[]): AffectedUids {
  return { count: uids.length, sample: uids.slice(0, SAMPLE), sha256: affectedDigest(uids) };
}

/** PostgreSQL takes at most 65,535 parameters a statement; a UID row takes four (uid, seq, action, listed). */
export const UID_ROWS_PER_STATEMENT = 16_000;

/** How an entry's UID rows are filed: under its action, and as a row of the table unless folded under another operation. */
export const uidRowFiling = (entry: { action: string; parentOperationId: string | null }) => ({
  action: entry.action,
  listed: entry.parentOperationId === null,
});
