import * as z from "@/lib/validation/zod";
import { plainText } from "@/lib/validation/text";
import { uidSchema } from "@/lib/validation/uid";
import { KEEP_REASONS, MAX_REPORTS_PER_DECISION, REMOVE_REASONS } from "./reasons";

/** The forms and actions of the reports queue: one schema each, for the form and the action alike. */

export const messageIdSchema = z
  .string({ error: "Name a message." })
  .check(
    z.trim(),
    z.regex(/^[A-Za-z0-9_-]{1,100}$/, "A message id has only letters, digits, _ and - (at most 100 characters)."),
  );

const targetSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("reports"),
      messageIds: z.pipe(
        z
          .array(messageIdSchema)
          .check(
            z.minLength(1, "Select at least one report."),
            z.maxLength(MAX_REPORTS_PER_DECISION, `Decide at most ${MAX_REPORTS_PER_DECISION} reports at once.`),
          ),
        z.transform((ids: string[]) => [...new Set(ids)]),
      ),
    }),
    z.object({ kind: z.literal("sender"), senderUid: uidSchema }),
  ],
  { error: "Choose the reports to decide on: selected ones, or every open report of a sender." },
);

const reasonText = z
  .string({ error: "Write the reason as text." })
  .check(z.trim(), z.maxLength(500, "Keep the reason under 500 characters."), z.superRefine(plainText("The reason")));

const needsText = (input: { reasonCode: string; reasonText: string }) =>
  input.reasonCode !== "other" || input.reasonText.length > 0;
const NEEDS_TEXT = { message: 'Say why in a few words: "Other" needs a reason.', path: ["reasonText"] };

const codes = <T extends Record<string, string>>(reasons: T) =>
  z.enum(Object.keys(reasons) as [keyof T & string, ...Array<keyof T & string>], {
    error: "Pick a reason from the list.",
  });

/** What the moderator confirmed: at once, or as an incident job for a large decision (decision-plan.ts). */
const runAs = z._default(z.enum(["now", "job"], { error: 'Say how the decision runs: "now" or "job".' }), "now");

const senderOptions = {
  blockForReporters: z.boolean({ error: "Say whether to block the sender for each reporter." }),
  deactivateSender: z.boolean({ error: "Say whether to deactivate the sender." }),
  banFromGroup: z.boolean({ error: "Say whether to ban the sender from the group." }),
};

export const keepReportsSchema = z
  .object({ target: targetSchema, reasonCode: codes(KEEP_REASONS), reasonText, runAs })
  .check(z.refine(needsText, NEEDS_TEXT));

export const removeReportsSchema = z
  .object({
    target: targetSchema,
    reasonCode: codes(REMOVE_REASONS),
    reasonText,
    runAs,
    ...senderOptions,
  })
  .check(z.refine(needsText, NEEDS_TEXT));

/** A decision's size before it is confirmed: how many reports and calls, and whether it runs as a job. */
export const previewDecisionSchema = z.object({
  target: targetSchema,
  decision: z.enum(["keep", "remove"], { error: 'Choose "Keep" or "Remove message".' }),
  ...senderOptions,
});

export type DecisionTarget = z.output<typeof targetSchema>;

export const claimReportSchema = z.object({ messageId: messageIdSchema });

export const refreshReportsSchema = z.strictObject({}, { error: "Refresh takes no fields." });
