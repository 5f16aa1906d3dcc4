import type { ReactNode } from "react";
import { RawJson } from "@/components/ui/raw-json";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableColumnHeader,
  TableHead,
  TableRowHeader,
} from "@/components/ui/table";
import type { AuditEvent } from "@/lib/audit/append";
import { AuditTime } from "./audit-time";
import { OutcomeBadge } from "./outcome-badge";

const COMPACT_CELL = "px-3 py-1";

type UidOutcomes = Record<string, { outcome?: unknown; message?: unknown }>;

function uidOutcomesOf(summary: unknown): UidOutcomes | undefined {
  if (!summary || typeof summary !== "object") return undefined;
  const outcomes = (summary as { outcomes?: unknown }).outcomes;
  return outcomes && typeof outcomes === "object" ? (outcomes as UidOutcomes) : undefined;
}

function tagsChangeOf(summary: unknown): { before: unknown; after: unknown; conversationId: unknown } | undefined {
  if (!summary || typeof summary !== "object" || !("tagsAfter" in summary)) return undefined;
  const { tagsBefore, tagsAfter, conversationId } = summary as Record<string, unknown>;
  return { before: tagsBefore, after: tagsAfter, conversationId };
}

const tagList = (value: unknown) =>
  Array.isArray(value) ? (value.length > 0 ? value.join(", ") : "no tags") : "not known";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="break-all">{children ?? <span className="text-slate-500">None</span>}</dd>
    </>
  );
}

/** One entry of the log in full: every field, the per-UID outcomes of a block, and the raw JSON. */
export function AuditEntryDetail({ entry }: { entry: AuditEvent }) {
  const outcomes = uidOutcomesOf(entry.summary);
  const tags = tagsChangeOf(entry.summary);
  return (
    <section
      aria-labelledby={`entry-${entry.seq}`}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`entry-${entry.seq}`} className="text-lg font-semibold">
        Entry #{entry.seq}: {entry.action} <OutcomeBadge outcome={entry.outcome} />
      </h2>
      <dl className="grid grid-cols-1 gap-x-8 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <Row label="Time (UTC)">
          <AuditTime at={entry.occurredAt} />
        </Row>
        <Row label="Entry id">{entry.id}</Row>
        <Row label="Operation id">{entry.operationId}</Row>
        <Row label="Actor">
          {entry.actorEmail && `${entry.actorEmail}${entry.actorRole ? ` (${entry.actorRole})` : ""}`}
        </Row>
        <Row label="Actor id">{entry.actorId}</Row>
        <Row label="Target UID">{entry.targetUid}</Row>
        <Row label="On behalf of">{entry.onBehalfOf}</Row>
        <Row label="Reason">{entry.reason}</Row>
        <Row label="HTTP status">{entry.httpStatus}</Row>
        <Row label="Error code">{entry.errorCode}</Row>
        <Row label="Duration">{entry.durationMs === null ? null : `${entry.durationMs} ms`}</Row>
        <Row label="Client IP">{entry.ip}</Row>
        <Row label="User agent">{entry.userAgent}</Row>
        <Row label="Request id">{entry.requestId}</Row>
        <Row label="Hash">
          <span className="font-mono text-xs">{entry.hash}</span>
        </Row>
        <Row label="Previous hash">
          <span className="font-mono text-xs">{entry.prevHash}</span>
        </Row>
      </dl>
      {tags && (
        <p className="text-sm">
          Tags of {String(tags.conversationId ?? "the conversation")}: before <strong>{tagList(tags.before)}</strong>,
          after <strong>{tagList(tags.after)}</strong>.
        </p>
      )}
      {outcomes && (
        <Table className="min-w-full">
          <TableCaption>Outcome per UID</TableCaption>
          <TableHead className="text-left">
            <tr>
              <TableColumnHeader>UID</TableColumnHeader>
              <TableColumnHeader>Outcome</TableColumnHeader>
              <TableColumnHeader>Message</TableColumnHeader>
            </tr>
          </TableHead>
          <TableBody>
            {Object.entries(outcomes).map(([uid, outcome]) => (
              <tr key={uid}>
                <TableRowHeader padding={COMPACT_CELL} className="text-left font-mono text-xs">
                  {uid}
                </TableRowHeader>
                <TableCell padding={COMPACT_CELL}>{String(outcome.outcome ?? "")}</TableCell>
                <TableCell padding={COMPACT_CELL}>{String(outcome.message ?? "")}</TableCell>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
      <RawJson value={{ ...entry, occurredAt: entry.occurredAt.toISOString() }} summary="Raw entry" />
    </section>
  );
}
