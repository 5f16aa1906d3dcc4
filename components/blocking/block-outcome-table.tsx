import { Badge, type BadgeTone } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableColumnHeader,
  TableHead,
  TableRowHeader,
} from "@/components/ui/table";
import { OUTCOME_LABELS, type BlockOutcomeKind, type BlockOutcomeRow } from "@/lib/chat-api/block-outcomes";

const OUTCOME_TONES: Record<BlockOutcomeKind, BadgeTone> = {
  blocked: "success",
  unblocked: "success",
  already_blocked: "info",
  not_blocked: "info",
  failed: "danger",
  unknown: "warning",
};

const SUMMARY_ORDER: BlockOutcomeKind[] = [
  "blocked",
  "unblocked",
  "already_blocked",
  "not_blocked",
  "failed",
  "unknown",
];

/** The raw entry is shown whole in the raw answer below the table; the cell only needs a glimpse. */
const RAW_GLIMPSE_LENGTH = 300;

/** "3 blocked, 1 already blocked, 1 failed": only the outcomes that occurred, in a fixed order. */
export function outcomeSummary(counts: Record<BlockOutcomeKind, number>): string {
  const parts = SUMMARY_ORDER.filter((kind) => counts[kind] > 0).map(
    (kind) => `${counts[kind]} ${OUTCOME_LABELS[kind].toLowerCase()}`,
  );
  return parts.length > 0 ? parts.join(", ") : "the answer names no UID";
}

function rawGlimpse(raw: unknown): string {
  const text = JSON.stringify(raw) ?? String(raw);
  return text.length > RAW_GLIMPSE_LENGTH ? `${text.slice(0, RAW_GLIMPSE_LENGTH)}…` : text;
}

/** One row per UID of a block or unblock answer, as classified by the console. */
export function BlockOutcomeTable({ rows, caption }: { rows: BlockOutcomeRow[]; caption: string }) {
  return (
    <Table className="mt-4 w-full table-auto text-left">
      <TableCaption className="pb-2 text-sm text-slate-900">{caption}</TableCaption>
      <TableHead>
        <tr>
          <TableColumnHeader className="text-slate-700">UID</TableColumnHeader>
          <TableColumnHeader className="text-slate-700">Outcome</TableColumnHeader>
          <TableColumnHeader className="text-slate-700">Message</TableColumnHeader>
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <tr key={`${row.unexpected ? "unexpected" : "requested"}-${row.uid}`}>
            <TableRowHeader className="align-top">
              <span className="font-mono break-all">{row.uid}</span>
              {row.unexpected && <span className="ml-1 text-xs text-slate-600">(not requested)</span>}
            </TableRowHeader>
            <TableCell className="align-top whitespace-nowrap">
              <Badge tone={OUTCOME_TONES[row.outcome]}>{OUTCOME_LABELS[row.outcome]}</Badge>
            </TableCell>
            <TableCell className="align-top text-slate-700">
              {row.message}
              {row.outcome === "unknown" && (
                <code className="mt-1 block rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all text-slate-800">
                  {rawGlimpse(row.raw)}
                </code>
              )}
            </TableCell>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}
