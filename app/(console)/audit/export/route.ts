import { randomUUID } from "node:crypto";
import { requestInfo } from "@/lib/actions/define-action";
import { actorOf } from "@/lib/audit/actor";
import { appendAuditEvent } from "@/lib/audit/append";
import { auditExportStream, type ExportFormat } from "@/lib/audit/export";
import { auditScopeOf } from "@/lib/audit/scope";
import { can } from "@/lib/roles";
import { getCurrentOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { log } from "@/lib/log";
import { parseAuditSearchParams } from "@/lib/audit/schemas";

export const dynamic = "force-dynamic";

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  ndjson: "application/x-ndjson; charset=utf-8",
};

const plain = (status: number, message: string) =>
  new Response(`${message}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The entries of the current filter as CSV or NDJSON, streamed. The export is itself recorded:
 * "requested" before the first byte, "completed" with the number of entries after the last.
 */
export async function GET(request: Request) {
  const operator = await getCurrentOperator();
  if (!operator) return plain(401, "Your session has ended. Sign in again to export the action log.");
  const scope = auditScopeOf(operator);
  if (!scope || !can(operator.role, "audit.export"))
    return plain(403, "Your role does not allow you to export the action log.");

  const params = Object.fromEntries(new URL(request.url).searchParams);
  const format = params.format ?? "csv";
  if (format !== "csv" && format !== "ndjson") return plain(400, "format must be csv or ndjson.");
  const { result } = parseAuditSearchParams(params);
  if (!result.success)
    return plain(400, `The filter is not valid: ${result.error.issues.map((issue) => issue.message).join(" ")}`);

  const db = await getDb();
  const operation = {
    operationId: randomUUID(),
    actor: actorOf(operator),
    action: "audit.export" as const,
    ...(await requestInfo()),
  };
  const requestBody = { format, filter: params };
  try {
    await appendAuditEvent({ ...operation, requestBody, outcome: "requested" });
  } catch (error) {
    log().error(
      { err: error, action: "audit.export", requestId: operation.requestId },
      'the "requested" entry could not be written',
    );
    return plain(503, "The action log could not be written, so the export was not started. Try again.");
  }
  const started = performance.now();
  const stream = auditExportStream(db, result.data, scope, format, async ({ count, error }) => {
    await appendAuditEvent({
      ...operation,
      requestBody,
      outcome: error ? "failed" : "succeeded",
      completesOperation: true,
      errorCode: error ? "EXPORT_FAILED" : null,
      summary: { entries: count },
      durationMs: Math.round(performance.now() - started),
    });
  });
  const stamp = new Date().toISOString().replaceAll(":", "-").replace(/\..*/, "");
  return new Response(stream, {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="action-log-${stamp}.${format}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
