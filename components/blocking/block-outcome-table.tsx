import { UidOutcomeTable } from "@/components/ui/uid-outcome-table";
import type { BlockOutcomeRow } from "@/lib/chat-api/block-outcomes";

/** The raw entry is shown whole in the raw answer below the table; the cell only needs a glimpse. */
const RAW_GLIMPSE_LENGTH = 300;

function rawGlimpse(raw: unknown): string {
  const text = JSON.stringify(raw) ?? String(raw);
  return text.length > RAW_GLIMPSE_LENGTH ? `${text.slice(0, RAW_GLIMPSE_LENGTH)}…` : text;
}

/** One row per UID of a block or unblock answer, as classified by the console. */
export function BlockOutcomeTable({ rows, caption }: { rows: BlockOutcomeRow[]; caption: string }) {
  return (
    <UidOutcomeTable
      caption={caption}
      rows={rows.map((row) => ({
        uid: row.uid,
        outcome: row.outcome,
        message: row.message,
        note: row.unexpected ? "not requested" : row.settled ? "settled from the blocked list" : undefined,
        detail: row.outcome === "unknown" && row.raw !== undefined && (
          <code className="mt-1 block rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all text-slate-800">
            {rawGlimpse(row.raw)}
          </code>
        ),
      }))}
    />
  );
}
