"use server";

import { defineAction } from "@/lib/actions/define-action";
import { getDb } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";
import { raidSearchIdSchema } from "@/lib/raid-search/schemas";
import { getSearch, stopSearch } from "@/lib/raid-search/store";

/** "Stop": a running search ends where it is; what it found stays. Logged with who stopped it. */
export const stopRaidSearchAction = defineAction({
  name: "raid.search.stop",
  permission: "accounts.search",
  describe: "search for the accounts behind a raid",
  input: raidSearchIdSchema,
  audit: ({ searchId }) => ({ affectedUids: [], requestBody: { searchId } }),
  run: async ({ searchId }) => {
    const db = await getDb();
    const stopped = await stopSearch(db, searchId);
    if (!stopped) {
      const search = await getSearch(db, searchId);
      throw new RefusedError(
        search
          ? `This search has already ${search.status === "running" ? "been stopped" : "ended"} (it is ${search.status}).`
          : "No search has that id.",
      );
    }
    return { searchId, status: stopped.status, scanned: stopped.scanned, matched: stopped.matched };
  },
  completion: (result) => ({ outcome: "succeeded", summary: result }),
});
