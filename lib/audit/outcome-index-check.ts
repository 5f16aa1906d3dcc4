import { and, asc, gte, inArray, lte } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { auditOperationOutcomes } from "@/lib/db/schema";
import type { AuditEvent } from "./append";
import type { ChainBreak } from "./chain";

type Filed = { seq: number; id: string; filed: string };

const wrongOutcome = (seq: number, id: string | null, filed: string | undefined): ChainBreak => ({
  seq,
  id,
  problem: "edited",
  detail: `The outcome filed for entry ${seq} (${filed ?? "none"}) is not the one the log gives its operation.`,
});

async function filedOutcomes(db: Database, where: ReturnType<typeof and>): Promise<Map<number, string>> {
  const rows = await db.select().from(auditOperationOutcomes).where(where).orderBy(asc(auditOperationOutcomes.seq));
  return new Map(rows.map((row) => [row.seq, row.outcome]));
}

/**
 * Holds the outcome index (`audit_operation_outcomes`) against the chain as verification walks it, a
 * batch at a time: one range read of the index a batch, and the expected outcome worked out from the
 * entries themselves (an operation's completion's outcome, or its single entry's), since the walk sees
 * both entries of every operation. A completion appended while the walk runs may have changed a row
 * read earlier; such rows are read again before anything is called wrong.
 */
export function outcomeIndexCheck(db: Database) {
  // First entries still waiting for their completion, by operation id.
  const open = new Map<string, Filed>();

  return {
    async batch(batch: AuditEvent[]): Promise<ChainBreak | undefined> {
      const first = batch[0]!.seq;
      const last = batch.at(-1)!.seq;
      const filed = await filedOutcomes(
        db,
        and(gte(auditOperationOutcomes.seq, first), lte(auditOperationOutcomes.seq, last)),
      );
      const reread: Array<{ entry: Filed; expected: string }> = [];
      for (const entry of batch) {
        const row = filed.get(entry.seq);
        if (entry.completesOperation) {
          if (row !== undefined) return wrongOutcome(entry.seq, entry.id, row);
          const opened = open.get(entry.operationId);
          if (!opened) continue;
          open.delete(entry.operationId);
          if (opened.filed !== entry.outcome) reread.push({ entry: opened, expected: entry.outcome });
          continue;
        }
        if (row === undefined) return wrongOutcome(entry.seq, entry.id, undefined);
        if (entry.outcome === "requested") open.set(entry.operationId, { seq: entry.seq, id: entry.id, filed: row });
        else if (row !== entry.outcome) return wrongOutcome(entry.seq, entry.id, row);
      }
      const seqs = new Set(batch.map((entry) => entry.seq));
      const stray = [...filed.keys()].find((seq) => !seqs.has(seq));
      if (stray !== undefined) return wrongOutcome(stray, null, filed.get(stray));
      if (reread.length === 0) return undefined;
      const now = await filedOutcomes(
        db,
        and(
          inArray(
            auditOperationOutcomes.seq,
            reread.map(({ entry }) => entry.seq),
          ),
        ),
      );
      const wrong = reread.find(({ entry, expected }) => now.get(entry.seq) !== expected);
      return wrong && wrongOutcome(wrong.entry.seq, wrong.entry.id, now.get(wrong.entry.seq));
    },

    /**
     * After the walk: operations with no completion in the log must still be filed as "requested",
     * unless their completion was appended after the walk passed (then the row is read again).
     */
    async end(
      completionsOf: (operationIds: string[]) => Promise<Map<string, string>>,
    ): Promise<ChainBreak | undefined> {
      const changed = [...open.entries()].filter(([, entry]) => entry.filed !== "requested");
      if (changed.length === 0) return undefined;
      const completions = await completionsOf(changed.map(([operationId]) => operationId));
      const now = await filedOutcomes(
        db,
        and(
          inArray(
            auditOperationOutcomes.seq,
            changed.map(([, entry]) => entry.seq),
          ),
        ),
      );
      const wrong = changed.find(
        ([operationId, entry]) => now.get(entry.seq) !== (completions.get(operationId) ?? "requested"),
      );
      return wrong && wrongOutcome(wrong[1].seq, wrong[1].id, now.get(wrong[1].seq));
    },
  };
}
