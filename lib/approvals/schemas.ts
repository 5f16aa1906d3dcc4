import { z } from "@/lib/validation/zod";
import { MAX_REASON_LENGTH } from "@/lib/validation/reason";
import { plainText } from "@/lib/validation/text";

/** Approving, rejecting or withdrawing a request: the job and why. */
export const approvalDecisionSchema = z.object({
  jobId: z.uuid("That job id is not valid."),
  reason: z
    .string({ error: "Give a reason for your decision: it is recorded in the action log." })
    .trim()
    .min(1, "Give a reason for your decision: it is recorded in the action log.")
    .max(MAX_REASON_LENGTH, `A reason may have at most ${MAX_REASON_LENGTH} characters.`)
    .superRefine(plainText("The reason")),
});
export type ApprovalDecisionInput = z.input<typeof approvalDecisionSchema>;
