import { getDb } from "@/lib/db/client";
import { searchView } from "@/lib/raid-search/view";
import { queryOf, readRoute } from "@/lib/reads/route";
import { sendersQuerySchema } from "@/lib/raid-search/schemas";

export const dynamic = "force-dynamic";

const read = readRoute({
  permission: "incidents.read",
  describe: "follow the searches for a raid's accounts",
  params: sendersQuerySchema,
  read: async (query) => searchView(await getDb(), query),
  missing: "No search has that id.",
});

/** A search's progress and a page of its senders, read every second by /incidents while it runs. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return read({ ...queryOf(request), searchId: (await params).id });
}
