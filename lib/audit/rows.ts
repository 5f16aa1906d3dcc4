import type { Database } from "@/lib/db/client";
import type { AuditEvent } from "./append";
import { callCountsOf, completionsOf, isOutcomeUnknown } from "./query";

/** completed: has its second entry; open: its call may still run; unknown: it cannot, and nothing says how it ended. */
type AuditRowState = "unknown" | "completed" | "open" | "final";

/** One operation as the table shows it: its first entry, how it ended, and the calls folded under it. */
export type AuditOperationRow = {
  entry: AuditEvent;
  completion: AuditEvent | undefined;
  state: AuditRowState;
  calls: number;
};

/** Pairs each operation's first entry with its completion and counts the calls run under it. */
export async function withOperationStates(
  db: Database,
  entries: AuditEvent[],
  timeoutMs: number,
): Promise<AuditOperationRow[]> {
  const requested = entries.filter((entry) => entry.outcome === "requested");
  const [completions, calls] = await Promise.all([
    completionsOf(
      db,
      requested.map((entry) => entry.operationId),
    ),
    callCountsOf(
      db,
      entries.filter((entry) => entry.action === "incident.job.start").map((entry) => entry.operationId),
    ),
  ]);
  return entries.map((entry) => {
    const completion = completions.get(entry.operationId);
    const state: AuditRowState =
      entry.outcome !== "requested"
        ? "final"
        : completion
          ? "completed"
          : isOutcomeUnknown(entry, completion, timeoutMs)
            ? "unknown"
            : "open";
    return { entry, completion, state, calls: calls.get(entry.operationId) ?? 0 };
  });
}
