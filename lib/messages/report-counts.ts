import "server-only";
import { getDb } from "@/lib/db/client";
import { reportsByIds } from "@/lib/reports/index-store";

/**
 * How many open reports each of these messages has, from the console's index of reports (lib/reports/,
 * kept by its worker from the chat service's flagged list): read in SQL, without asking the chat service
 * on every view. A message the index does not hold as open has none.
 */
export async function openReportCounts(messageIds: string[]): Promise<Map<string, number>> {
  const rows = await reportsByIds(await getDb(), messageIds);
  return new Map(
    rows
      .filter((row) => row.status === "open" || row.status === "deciding")
      .map((row) => [row.messageId, row.reportCount]),
  );
}
