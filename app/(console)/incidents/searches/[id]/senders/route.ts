import { randomUUID } from "node:crypto";
import { requestInfo } from "@/lib/actions/define-action";
import { actorOf } from "@/lib/audit/actor";
import { csvCell } from "@/lib/audit/export";
import { auditedOperation } from "@/lib/audit/operation";
import { getCurrentOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { sendersBatch } from "@/lib/raid-search/senders";
import { getSearch } from "@/lib/raid-search/store";
import { can } from "@/lib/roles";
import { raidSearchIdSchema } from "@/lib/raid-search/schemas";

export const dynamic = "force-dynamic";

const plain = (status: number, message: string) =>
  new Response(`${message}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

// CRLF line ends, as RFC 4180 and the action log's export have them.
const line = (cells: unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;
const iso = (seconds: number | null) => (seconds === null ? "" : new Date(seconds * 1000).toISOString());
const BATCH = 1000;

/** Every sender a search found, most messages first, as CSV; the download is recorded in the action log. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const operator = await getCurrentOperator();
  if (!operator) return plain(401, "Your session has ended. Sign in again to download the senders.");
  if (!can(operator.role, "incidents.read"))
    return plain(403, "Your role does not allow you to read the searches for a raid's accounts.");
  const { id } = await params;
  const db = await getDb();
  const search = raidSearchIdSchema.safeParse({ searchId: id }).success ? await getSearch(db, id) : undefined;
  if (!search) return plain(404, "No search has that id.");

  const csv = await auditedOperation(
    {
      operationId: randomUUID(),
      actor: actorOf(operator),
      action: "raid.search.export",
      affectedUids: [],
      requestBody: { searchId: search.id, format: "csv" },
      ...(await requestInfo()),
    },
    async () => {
      let text = line(["uid", "name", "account_created_at", "messages", "first_at", "last_at", "sample"]);
      let rows = 0;
      for (let batch = await sendersBatch(db, search.id, 0, BATCH); batch.length > 0;) {
        for (const sender of batch)
          text += line([
            sender.uid,
            sender.name,
            iso(sender.accountCreatedAt),
            sender.messages,
            iso(sender.firstAt),
            iso(sender.lastAt),
            sender.sample,
          ]);
        rows += batch.length;
        batch = batch.length < BATCH ? [] : await sendersBatch(db, search.id, rows, BATCH);
      }
      return { text, rows };
    },
    {
      success: ({ rows }) => ({ outcome: "succeeded", summary: { searchId: search.id, senders: rows } }),
      failure: () => ({ errorCode: "EXPORT_FAILED" }),
    },
  );
  return new Response(csv.text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="search-${search.id}-senders.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
