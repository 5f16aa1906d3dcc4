"use server";

import { defineAction } from "@/lib/actions/define-action";
import { getDb } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";
import { indexOnce } from "../index-worker";
import { refreshReportsSchema } from "../schemas";

const WAIT_FOR_LEASE_MS = 20_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * "Refresh": the index read again from the chat service now, rather than at the worker's next read
 * (waiting for a read under way in another process to end first). Logged: it spends the budget.
 */
export const refreshReportsAction = defineAction({
  name: "report.refresh",
  permission: "reports.read",
  describe: "read reported messages",
  input: refreshReportsSchema,
  audit: () => ({ affectedUids: [] }),
  run: async (_input, { operationId }) => {
    const db = await getDb();
    const until = Date.now() + WAIT_FOR_LEASE_MS;
    for (;;) {
      const pass = await indexOnce(db, `refresh:${operationId}`, () => false);
      if (pass) return { seen: pass.seen, gone: pass.gone, calls: pass.calls };
      if (Date.now() > until)
        throw new RefusedError("The list of reports is being read by another console process; try again in a moment.");
      await sleep(250);
    }
  },
  completion: (summary) => ({ outcome: "succeeded", summary }),
});
