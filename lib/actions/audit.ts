"use server";

import { z } from "@/lib/schemas/zod";
import { checkpointSummary, signCheckpoint, verifyAuditLog } from "@/lib/audit/checkpoints";
import type { ChainVerification } from "@/lib/audit/verify";
import { getDb } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";
import { defineAction } from "./define-action";

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
