import { csvCell } from "@/lib/audit/export";
import { can } from "@/lib/roles";
import { getCurrentOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getJob, jobResults, type JobResult } from "@/lib/incidents/jobs";
import { jobIdSchema } from "@/lib/incidents/schemas";
import { parseMessageItem } from "@/lib/incidents/job-kinds";
import { parseItem } from "@/lib/reports/decision-items";
import type { JobKindName } from "@/lib/db/schema";

export const dynamic = "force-dynamic";

const plain = (status: number, message: string) =>
  new Response(`${message}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

// CRLF line ends, as RFC 4180 and the action log's export have them.
const line = (cells: unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

function resultsCsv(results: JobResult[], kind: JobKindName): string {
  if (kind === "report_decision")
    return (
      line(["item", "message_id", "sender", "reporter", "group", "outcome", "message"]) +
      results
        .map((result) => {
          const item = parseItem(result.uid);
          return line([
            item.kind,
            item.kind === "report" ? item.messageId : "",
            item.sender,
            item.kind === "block" ? item.reporter : "",
            item.kind === "ban" ? item.guid : "",
            result.outcome,
            result.message,
          ]);
        })
        .join("")
    );
  if (kind === "delete_messages")
    return (
      line(["message_id", "sender", "outcome", "message"]) +
      results
        .map((result) => {
          const { messageId, sender } = parseMessageItem(result.uid);
          return line([messageId, sender, result.outcome, result.message]);
        })
        .join("")
    );
  return (
    line(["uid", "outcome", "message"]) +
    results.map((result) => line([result.uid, result.outcome, result.message])).join("")
  );
}

/** Every UID (or message) of a job with its outcome so far, as CSV, in the order the job was given them. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const operator = await getCurrentOperator();
  if (!operator) return plain(401, "Your session has ended. Sign in again to download the results.");
  if (!can(operator.role, "incidents.read")) return plain(403, "Your role does not allow you to read incident jobs.");

  const { id } = await params;
  const db = await getDb();
  const job = jobIdSchema.safeParse({ jobId: id }).success ? await getJob(db, id) : undefined;
  if (!job) return plain(404, "No job has that id.");

  return new Response(resultsCsv(await jobResults(db, job.id), job.kind), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="job-${job.id}-results.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
