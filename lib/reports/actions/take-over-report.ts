"use server";

import { defineAction } from "@/lib/actions/define-action";
import { getDb } from "@/lib/db/client";
import { takeOverReport } from "../claims";
import { reportsByIds } from "../index-store";
import { claimReportSchema } from "../schemas";

/** "Take over": the report is this operator's from now, whoever was reviewing it; logged, with whom it was taken from. */
export const takeOverReportAction = defineAction({
  name: "report.take_over",
  permission: "reports.decide",
  describe: "decide on reported messages",
  input: claimReportSchema,
  audit: async ({ messageId }) => {
    const [report] = await reportsByIds(await getDb(), [messageId]);
    return { affectedUids: [report?.senderUid], targetUid: report?.senderUid, requestBody: { messageId } };
  },
  run: async ({ messageId }, { operator }) => takeOverReport(await getDb(), messageId, operator),
  completion: ({ from }) => ({ outcome: "succeeded", summary: { takenOverFrom: from } }),
});
