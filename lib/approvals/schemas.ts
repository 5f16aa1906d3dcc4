import * as z from "@/lib/validation/zod";
import { requiredReason } from "@/lib/validation/reason";

/** Approving, rejecting or withdrawing a request: the job and why. */
export const approvalDecisionSchema = z.object({
  jobId: z.uuid("That job id is not valid."),
  reason: requiredReason("Give a reason for your decision: it is recorded in the action log."),
});
export type ApprovalDecisionInput = z.input<typeof approvalDecisionSchema>;
