import { getDb } from "@/lib/db/client";
import { MAX_INCIDENT_UIDS } from "@/lib/incidents/limits";
import { allSenderUids } from "@/lib/raid-search/senders";
import { getSearch } from "@/lib/raid-search/store";
import { queryOf, readRoute } from "@/lib/reads/route";
import { sendersQuerySchema } from "@/lib/raid-search/schemas";

export const dynamic = "force-dynamic";

const read = readRoute({
  permission: "accounts.search",
  describe: "search for the accounts behind a raid",
  params: sendersQuerySchema,
  read: async ({ searchId, filter }) => {
    const db = await getDb();
    if (!(await getSearch(db, searchId))) return undefined;
    return { uids: await allSenderUids(db, searchId, filter, MAX_INCIDENT_UIDS) };
  },
  missing: "No search has that id.",
});

/** "Select all": every sender's UID the filter matches, up to what one job takes. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return read({ ...queryOf(request), searchId: (await params).id });
}
