"use server";

import { z } from "zod";
import { verifyAuditChain, type ChainVerification } from "@/lib/audit/verify";
import { getDb } from "@/lib/db/client";
import { defineAction } from "./define-action";

export const verifyAuditChainAction = defineAction({
  name: "audit.verify",
  permission: "audit.read.all",
  describe: "verify the action log",
  input: z.object({}),
  audit: () => ({}),
  run: async (): Promise<ChainVerification> => verifyAuditChain(await getDb()),
  completion: (result) => ({
    outcome: result.intact ? "succeeded" : "failed",
    summary: result.intact
      ? { checked: result.checked, head: result.head }
      : { checked: result.checked, firstBreak: result.firstBreak },
  }),
});
