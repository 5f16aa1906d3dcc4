"use server";

import { chatApi } from "@/lib/chat-api";
import {
  blockOutcomeRows,
  countOutcomes,
  type BlockOutcomeKind,
  type BlockOutcomeRow,
} from "@/lib/chat-api/block-outcomes";
import { blockUsersSchema, unblockUsersSchema } from "@/lib/schemas/block-users";
import { defineAction, type AuditCompletion } from "./define-action";

export type BlockAnswer = {
  rows: BlockOutcomeRow[];
  counts: Record<BlockOutcomeKind, number>;
  raw: unknown;
  status: number;
};

/** Per-UID outcomes for the log; partial when some UIDs failed and others did not. */
function completionOf(answer: BlockAnswer): AuditCompletion {
  const failed = answer.counts.failed + answer.counts.unknown;
  return {
    outcome: failed === 0 ? "succeeded" : failed === answer.rows.length ? "failed" : "partial",
    httpStatus: answer.status,
    summary: {
      counts: answer.counts,
      outcomes: Object.fromEntries(answer.rows.map((row) => [row.uid, { outcome: row.outcome, message: row.message }])),
    },
  };
}

export const blockUsersAction = defineAction({
  name: "users.block",
  permission: "users.block",
  describe: "block users",
  input: blockUsersSchema,
  audit: ({ blocker, uids, reason }) => ({ targetUid: blocker, reason, requestBody: { blockedUids: uids } }),
  run: async ({ blocker, uids }): Promise<BlockAnswer> => {
    const answer = await chatApi().blockUsers(blocker, uids);
    const rows = blockOutcomeRows(uids, answer.data, "block");
    return { rows, counts: countOutcomes(rows), raw: answer.raw, status: answer.status };
  },
  completion: completionOf,
});

export const unblockUsersAction = defineAction({
  name: "users.unblock",
  permission: "users.unblock",
  describe: "unblock users",
  input: unblockUsersSchema,
  audit: ({ blocker, uids, reason }) => ({ targetUid: blocker, reason, requestBody: { blockedUids: uids } }),
  run: async ({ blocker, uids }): Promise<BlockAnswer> => {
    const answer = await chatApi().unblockUsers(blocker, uids);
    const rows = blockOutcomeRows(uids, answer.data, "unblock");
    return { rows, counts: countOutcomes(rows), raw: answer.raw, status: answer.status };
  },
  completion: completionOf,
});
