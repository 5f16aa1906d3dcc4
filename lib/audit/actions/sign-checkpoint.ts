"use server";

import { succeededWith } from "@/lib/actions/define-action";
import { checkpointSummary, signCheckpoint } from "@/lib/audit/checkpoints";
import { wholeLogAction } from "@/lib/audit/whole-log-action";
import { getDb } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";

export const signCheckpointAction = wholeLogAction({
  name: "audit.checkpoint",
  describe: "sign checkpoints of the action log",
  reason: "Signed on demand",
  run: async () => {
    // On demand, the head is signed even when only this request was appended since the last one.
    const result = await signCheckpoint(await getDb(), { force: true });
    if (!result) throw new RefusedError("The action log is empty: there is nothing to sign.");
    return { ...checkpointSummary(result.checkpoint), note: result.checkpoint.note, created: result.created };
  },
  completion: succeededWith,
});
