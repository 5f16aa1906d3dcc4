"use server";

import { defineAction } from "@/lib/actions/define-action";
import { decideReports } from "../decide";
import { decisionCompletion, decisionRequest } from "../decision-log";
import { decisionReason, REMOVE_REASONS } from "../reasons";
import { removeReportsSchema } from "../schemas";

/**
 * "Remove message": each message deleted, then its review `disapproved`; with it, as asked, the
 * sender blocked for each reporter, banned from the group, deactivated.
 */
export const removeReportsAction = defineAction({
  name: "report.remove",
  permission: "reports.decide",
  describe: "decide on reported messages",
  input: removeReportsSchema,
  audit: ({ target, reasonCode, reasonText, runAs, ...options }) =>
    decisionRequest({
      target,
      decision: "remove",
      reason: decisionReason(REMOVE_REASONS, reasonCode, reasonText),
      options,
      runAs,
    }),
  run: ({ target, reasonCode, reasonText, runAs, ...options }, context) =>
    decideReports(
      { target, decision: "remove", reason: decisionReason(REMOVE_REASONS, reasonCode, reasonText), options, runAs },
      context,
    ),
  completion: decisionCompletion,
});
