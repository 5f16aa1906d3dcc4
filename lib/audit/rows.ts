import type { Database } from "@/lib/db/client";
import type { AuditEvent } from "./append";
import { completionsOf, isOutcomeUnknown } from "./query";

export type AuditRowState = "unknown" | "completed" | "open" | "final";

/** Pairs each "requested" entry with its completion, to tell completed, in progress and outcome unknown apart. */
export async function withOperationStates(
  db: Database,
  entries: AuditEvent[],
  timeoutMs: number,
): Promise<Array<{ entry: AuditEvent; state: AuditRowState }>> {
  const requested = entries.filter((entry) => entry.outcome === "requested");
  const completions = await completionsOf(
    db,
    requested.map((entry) => entry.operationId),
  );
  return entries.map((entry) => {
    if (entry.outcome !== "requested") return { entry, state: "final" };
    const completion = completions.get(entry.operationId);
    if (completion) return { entry, state: "completed" };
    return { entry, state: isOutcomeUnknown(entry, completion, timeoutMs) ? "unknown" : "open" };
  });
}
