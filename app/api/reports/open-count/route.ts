import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { queryOf, readRoute } from "@/lib/reads/route";
import { openReportCount } from "@/lib/reports/queries";

export const dynamic = "force-dynamic";

const read = readRoute({
  permission: "reports.read",
  describe: "read reported messages",
  params: z.strictObject({}, { error: "This read takes no parameters." }),
  read: async () => ({ open: await openReportCount(await getDb()) }),
});

/** The number of reports waiting for a decision: the navigation's badge beside "Reports". */
export async function GET(request: Request) {
  return read(queryOf(request));
}
