"use server";

import { defineAction } from "@/lib/actions/define-action";
import { verifyAuditLog } from "@/lib/audit/checkpoints";
import type { ChainVerification } from "@/lib/audit/verify";
import { getDb } from "@/lib/db/client";
import { z } from "@/lib/validation/zod";

export const verifyAuditChainAction = defineAction({
  name: "audit.verify",
  permission: "audit.read.all",
  describe: "verify the action log",
  input: z.strictObject({}),
  audit: () => ({ affectedUids: [] }),
  run: async (): Promise<ChainVerification> => verifyAuditLog(await getDb()),
  completion: (result) => ({
    outcome: result.intact ? "succeeded" : "failed",
    summary: result.intact
      ? { checked: result.checked, checkpoints: result.checkpoints, head: result.head }
      : { checked: result.checked, checkpoints: result.checkpoints, firstBreak: result.firstBreak },
  }),
});
