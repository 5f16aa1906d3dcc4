"use server";

import { defineAction } from "@/lib/actions/define-action";
import { getDb } from "@/lib/db/client";
import { releaseClaim } from "./claims";
import { claimReportSchema } from "./schemas";

/** Leaving a report undecided lets it go at once, rather than when the claim runs out. */
export const releaseReportAction = defineAction({
  name: "report.claim",
  permission: "reports.decide",
  describe: "decide on reported messages",
  input: claimReportSchema,
  audit: "not recorded",
  run: async ({ messageId }, { operator }) => releaseClaim(await getDb(), messageId, operator.id),
});
