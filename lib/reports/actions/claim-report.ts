"use server";

import { defineAction } from "@/lib/actions/define-action";
import { getDb } from "@/lib/db/client";
import { claimReport } from "../claims";
import { claimReportSchema } from "../schemas";

/**
 * Opening a report claims it for five minutes, renewed while its page is open. A claim changes
 * nothing at the chat service, so it is not an entry of the log; taking a report over is.
 */
export const claimReportAction = defineAction({
  name: "report.claim",
  permission: "reports.decide",
  describe: "decide on reported messages",
  input: claimReportSchema,
  audit: "not recorded",
  run: async ({ messageId }, { operator }) => claimReport(await getDb(), messageId, operator),
});
