import { desc, lt } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import type { AuditFilter } from "@/lib/audit/schemas";
import type { AuditEvent } from "./append";
import { completionsOf, listAuditEvents, resolveAuditFilter, type AuditScope } from "./query";

export type ExportFormat = "csv" | "ndjson";

const BATCH = 1000;

const COLUMNS: Array<[string, (entry: AuditEvent) => unknown]> = [
  ["seq", (entry) => entry.seq],
  ["id", (entry) => entry.id],
  ["occurred_at", (entry) => entry.occurredAt.toISOString()],
  ["operation_id", (entry) => entry.operationId],
  ["actor_id", (entry) => entry.actorId],
  ["actor_email", (entry) => entry.actorEmail],
  ["actor_role", (entry) => entry.actorRole],
  ["action", (entry) => entry.action],
  ["target_uid", (entry) => entry.targetUid],
  ["on_behalf_of", (entry) => entry.onBehalfOf],
  ["reason", (entry) => entry.reason],
  ["outcome", (entry) => entry.outcome],
  ["http_status", (entry) => entry.httpStatus],
  ["error_code", (entry) => entry.errorCode],
  ["duration_ms", (entry) => entry.durationMs],
  ["ip", (entry) => entry.ip],
  ["user_agent", (entry) => entry.userAgent],
  ["request_id", (entry) => entry.requestId],
  ["affected_count", (entry) => entry.affected?.count ?? null],
  ["affected_sha256", (entry) => entry.affected?.sha256 ?? null],
  ["completes_operation", (entry) => entry.completesOperation],
  ["parent_operation_id", (entry) => entry.parentOperationId],
  ["request_body", (entry) => (entry.requestBody == null ? null : JSON.stringify(entry.requestBody))],
  ["summary", (entry) => (entry.summary == null ? null : JSON.stringify(entry.summary))],
  ["prev_hash", (entry) => entry.prevHash],
  ["hash", (entry) => entry.hash],
];

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (=, +, -, @, tab, return) is
 * prefixed with an apostrophe, since the log holds text that chat users and operators chose.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvHeader(): string {
  return `${COLUMNS.map(([name]) => name).join(",")}\r\n`;
}

function csvLine(entry: AuditEvent): string {
  return `${COLUMNS.map(([, read]) => csvCell(read(entry))).join(",")}\r\n`;
}

function ndjsonLine(entry: AuditEvent): string {
  return `${JSON.stringify({ ...entry, occurredAt: entry.occurredAt.toISOString() })}\n`;
}

/** Every entry, newest first: an export of the whole log can be verified offline against a checkpoint. */
async function wholeLogBatch(db: Database, before: number | undefined) {
  const entries = (await db
    .select()
    .from(auditEvents)
    .where(before ? lt(auditEvents.seq, before) : undefined)
    .orderBy(desc(auditEvents.seq))
    .limit(BATCH)) as AuditEvent[];
  return { entries, nextBefore: entries.length === BATCH ? entries.at(-1)!.seq : null };
}

/** The operations of a filter, each first entry followed by its completion. */
async function filteredBatch(db: Database, filter: AuditFilter, scope: AuditScope, before: number | undefined) {
  const page = await listAuditEvents(db, await resolveAuditFilter(db, filter), scope, { before, limit: BATCH });
  const completions = await completionsOf(
    db,
    page.entries.filter((entry) => entry.outcome === "requested").map((entry) => entry.operationId),
  );
  const entries = page.entries.flatMap((entry) => {
    const completion = completions.get(entry.operationId);
    return completion ? [entry, completion] : [entry];
  });
  return { entries, nextBefore: page.nextBefore };
}

const isWholeLog = (filter: AuditFilter, scope: AuditScope) =>
  scope.kind === "all" && Object.values(filter).every((value) => value === undefined);

/**
 * The entries of a filter, newest first as the page shows them (an operation's completion right
 * after its first entry), or with no filter every entry of the log, read a batch at a time only
 * when the reader asks for more: memory stays flat however large the export.
 */
export function auditExportStream(
  db: Database,
  filter: AuditFilter,
  scope: AuditScope,
  format: ExportFormat,
  onFinished: (result: { count: number; error?: unknown }) => Promise<void>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let before: number | undefined;
  let count = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          if (format === "csv") controller.enqueue(encoder.encode(csvHeader()));
        }
        const page = isWholeLog(filter, scope)
          ? await wholeLogBatch(db, before)
          : await filteredBatch(db, filter, scope, before);
        if (page.entries.length > 0) {
          const text = page.entries.map(format === "csv" ? csvLine : ndjsonLine).join("");
          controller.enqueue(encoder.encode(text));
          count += page.entries.length;
        }
        if (page.nextBefore === null) {
          await onFinished({ count });
          controller.close();
        } else {
          before = page.nextBefore;
        }
      } catch (error) {
        await onFinished({ count, error }).catch(() => undefined);
        controller.error(error);
      }
    },
  });
}
