import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { raidAlertsView } from "@/lib/raid-alerts/view";
import { queryOf, readRoute } from "@/lib/reads/route";

export const dynamic = "force-dynamic";

const read = readRoute({
  permission: "rules.read",
  describe: "read raid alerts",
  params: z.strictObject({}, { error: "This read takes no parameters." }),
  read: async () => ({ alerts: await raidAlertsView(await getDb()) }),
});

/** The open raid alerts: every moderator's banner, read again every few seconds. */
export async function GET(request: Request) {
  return read(queryOf(request));
}
