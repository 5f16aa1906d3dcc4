"use server";

import { defineAction } from "@/lib/actions/define-action";
import { checkpointSummary, signCheckpoint } from "@/lib/audit/checkpoints";
import { getDb } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";
import { z } from "@/lib/validation/zod";

export const signCheckpointAction = defineAction({
  name: "audit.checkpoint",
  permission: "audit.read.all",
  describe: "sign checkpoints of the action log",
  input: z.strictObject({}),
  audit: () => ({ affectedUids: [], reason: "Signed on demand" }),
  run: async () => {
    // On demand, the head is signed even when only this request was appended since the last one.
    const result = await signCheckpoint(await getDb(), { force: true });
    if (!result) throw new RefusedError("The action log is empty: there is nothing to sign.");
    return { ...checkpointSummary(result.checkpoint), note: result.checkpoint.note, created: result.created };
  },
  completion: (result) => ({ outcome: "succeeded", summary: result }),
});
