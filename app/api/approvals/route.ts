import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { approvalRequestsFor } from "@/lib/approvals/requests";
import { queryOf, readRoute } from "@/lib/reads/route";

export const dynamic = "force-dynamic";

const read = readRoute({
  permission: "incidents.read",
  describe: "follow requests for approval",
  params: z.strictObject({}, { error: "This read takes no parameters." }),
  read: async (_params, operator) => approvalRequestsFor(await getDb(), operator),
});

/** The requests open for a decision and the recent decisions: the list and the navigation's badge. */
export async function GET(request: Request) {
  return read(queryOf(request));
}
