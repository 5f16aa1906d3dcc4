import { uidProblem } from "@/lib/validation/uid-rule";

/** The most UIDs one block from the workspace sends; larger lists go through incident mode. */
export const MAX_UIDS_PER_BLOCK = 1000;

export type UidListEntry =
  | { uid: string; status: "valid" }
  | { uid: string; status: "invalid"; problem: string }
  | { uid: string; status: "duplicate" }
  | { uid: string; status: "self" };

type ParsedUidList = { entries: UidListEntry[]; valid: string[] };

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
