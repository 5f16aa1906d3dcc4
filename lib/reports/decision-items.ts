import type { ReportDecision } from "@/lib/db/schema";

/**
 * A job's items, one call each (the chunk size of a `report_decision` job is one):
 * `report:<keep|remove>:<messageId>:<sender>`, and after every report is decided, for the senders
 * whose messages it removed, `block:<reporter>:<sender>`, `ban:<guid>:<sender>`, `deactivate:<sender>`.
 * Each part is URI-encoded, so that a ":" the service let into an id cannot shift the others.
 */
export type DecisionItem =
  | { kind: "report"; decision: ReportDecision; messageId: string; sender: string }
  | { kind: "block"; reporter: string; sender: string }
  | { kind: "ban"; guid: string; sender: string }
  | { kind: "deactivate"; sender: string };

const joined = (...parts: string[]) => parts.map(encodeURIComponent).join(":");

export function itemOf(item: DecisionItem): string {
  switch (item.kind) {
    case "report":
      return joined("report", item.decision, item.messageId, item.sender);
    case "block":
      return joined("block", item.reporter, item.sender);
    case "ban":
      return joined("ban", item.guid, item.sender);
    case "deactivate":
      return joined("deactivate", item.sender);
  }
}

export function parseItem(item: string): DecisionItem {
  const [kind, ...rest] = item.split(":").map(decodeURIComponent);
  if (kind === "report" && rest.length === 3 && (rest[0] === "keep" || rest[0] === "remove"))
    return { kind, decision: rest[0], messageId: rest[1]!, sender: rest[2]! };
  if (kind === "block" && rest.length === 2) return { kind, reporter: rest[0]!, sender: rest[1]! };
  if (kind === "ban" && rest.length === 2) return { kind, guid: rest[0]!, sender: rest[1]! };
  if (kind === "deactivate" && rest.length === 1) return { kind, sender: rest[0]! };
  throw new Error(`Not an item of a report decision: ${item}`);
}

/** The UIDs an item acts on or for, for the log's UID index. */
export function uidsOfItem(item: string): string[] {
  const parsed = parseItem(item);
  return parsed.kind === "block" ? [parsed.reporter, parsed.sender] : [parsed.sender];
}
