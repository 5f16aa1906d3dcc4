"use server";

import { verifyAuditLog } from "@/lib/audit/checkpoints";
import type { ChainVerification } from "@/lib/audit/verify";
import { wholeLogAction } from "@/lib/audit/whole-log-action";
import { getDb } from "@/lib/db/client";

export const verifyAuditChainAction = wholeLogAction({
  name: "audit.verify",
  describe: "verify the action log",
  run: async (): Promise<ChainVerification> => verifyAuditLog(await getDb()),
  completion: (result) => ({
    outcome: result.intact ? "succeeded" : "failed",
    summary: result.intact
      ? { checked: result.checked, checkpoints: result.checkpoints, head: result.head }
      : { checked: result.checked, checkpoints: result.checkpoints, firstBreak: result.firstBreak },
  }),
});
