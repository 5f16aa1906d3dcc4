"use server";

import { chatApi } from "@/lib/chat-api";
import {
  blockOutcomeRows,
  countOutcomes,
  type BlockOutcomeKind,
  type BlockOutcomeRow,
} from "@/lib/chat-api/block-outcomes";
import { blockUsersSchema, unblockUsersSchema } from "@/lib/schemas/block-users";
import { defineAction } from "./define-action";

export type BlockAnswer = {
  rows: BlockOutcomeRow[];
  counts: Record<BlockOutcomeKind, number>;
  raw: unknown;
};

export const blockUsersAction = defineAction({
  name: "users.block",
  permission: "users.block",
  describe: "block users",
  input: blockUsersSchema,
  run: async ({ blocker, uids }): Promise<BlockAnswer> => {
    const answer = await chatApi().blockUsers(blocker, uids);
    const rows = blockOutcomeRows(uids, answer.data, "block");
    return { rows, counts: countOutcomes(rows), raw: answer.raw };
  },
});

export const unblockUsersAction = defineAction({
  name: "users.unblock",
  permission: "users.unblock",
  describe: "unblock users",
  input: unblockUsersSchema,
  run: async ({ blocker, uids }): Promise<BlockAnswer> => {
    const answer = await chatApi().unblockUsers(blocker, uids);
    const rows = blockOutcomeRows(uids, answer.data, "unblock");
    return { rows, counts: countOutcomes(rows), raw: answer.raw };
  },
});
