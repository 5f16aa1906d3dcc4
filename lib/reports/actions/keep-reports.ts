"use server";

import { defineAction } from "@/lib/actions/define-action";
import { decideReports } from "../decide";
import { decisionCompletion, decisionRequest } from "../decision-log";
import { decisionReason, KEEP_REASONS } from "../reasons";
import { keepReportsSchema } from "../schemas";

/** "Keep": the reported messages stay; the service's review of each is `approved`. */
export const keepReportsAction = defineAction({
  name: "report.keep",
  permission: "reports.decide",
  describe: "decide on reported messages",
  input: keepReportsSchema,
  audit: ({ target, reasonCode, reasonText, runAs }) =>
    decisionRequest({ target, decision: "keep", reason: decisionReason(KEEP_REASONS, reasonCode, reasonText), runAs }),
  run: ({ target, reasonCode, reasonText, runAs }, context) =>
    decideReports(
      { target, decision: "keep", reason: decisionReason(KEEP_REASONS, reasonCode, reasonText), runAs },
      context,
    ),
  completion: decisionCompletion,
});
