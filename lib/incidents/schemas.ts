import { z } from "@/lib/validation/zod";
import { blockForSchema } from "@/lib/blocking/schemas";
import { MAX_REASON_LENGTH, requiredReason } from "@/lib/validation/reason";
import { plainText } from "@/lib/validation/text";
import { uidSchema } from "@/lib/validation/uid";

/** The most UIDs one incident job takes. */
export const MAX_INCIDENT_UIDS = 10_000;
/** Pasted or uploaded text of that many UIDs of up to 100 characters, with separators. */
const MAX_INCIDENT_TEXT = MAX_INCIDENT_UIDS * 102;

const jobReason = requiredReason("Give a reason: it is recorded with every call of the job.");

export const incidentPreviewSchema = z.object({
  blocker: uidSchema,
  text: z
    .string()
    .max(
      MAX_INCIDENT_TEXT,
      `That is more text than ${MAX_INCIDENT_UIDS.toLocaleString("en")} UIDs take; split the list.`,
    ),
});

export const incidentFormSchema = z.object({
  blocker: uidSchema,
  reason: jobReason,
  text: z.string().trim().min(1, "Paste the UIDs to block, or upload a .txt or .csv file of them."),
  blockFor: blockForSchema,
});
export type IncidentFormInput = z.input<typeof incidentFormSchema>;

const count = z.number().int("A count is a whole number.").min(0, "A count cannot be negative.");

/** What the requester's preview counted besides the UIDs: shown to the approver as it was shown to them. */
const requestPreviewSchema = z
  .object({ invalid: count, duplicates: count, selfExcluded: z.boolean() })
  .default({ invalid: 0, duplicates: 0, selfExcluded: false });

const jobFields = {
  blocker: uidSchema,
  reason: jobReason,
  uids: z
    .array(uidSchema)
    .min(1, "There is no UID to block.")
    .max(MAX_INCIDENT_UIDS, `One job takes at most ${MAX_INCIDENT_UIDS.toLocaleString("en")} UIDs; split the list.`),
  blockFor: blockForSchema,
  preview: requestPreviewSchema,
};

const notSelf = (input: { blocker: string; uids: string[] }) => !input.uids.includes(input.blocker);
const NOT_SELF = { message: "A user cannot block themselves: remove the blocker's own UID.", path: ["uids"] };
const deduplicated = <T extends { uids: string[] }>(input: T) => ({ ...input, uids: [...new Set(input.uids)] });

const withoutSelf = <T extends { blocker: string; uids: string[] }>(schema: z.ZodType<T>) =>
  schema.refine(notSelf, NOT_SELF).transform(deduplicated);

export const createIncidentJobSchema = withoutSelf(z.object(jobFields));

/** The least a break-glass reason says: why no second operator could be asked. */
export const MIN_BREAK_GLASS_REASON = 20;

export const breakGlassReasonSchema = z
  .string({ error: "Say why this cannot wait for a second operator." })
  .trim()
  .min(
    MIN_BREAK_GLASS_REASON,
    `Say why this cannot wait for a second operator, in at least ${MIN_BREAK_GLASS_REASON} characters.`,
  )
  .max(MAX_REASON_LENGTH, `A reason may have at most ${MAX_REASON_LENGTH} characters.`)
  .superRefine(plainText("The reason"));

export const jobIdSchema = z.object({ jobId: z.uuid("That job id is not valid.") });

/**
 * A job on the senders a search found, or on a pasted list: deactivate them, ban them from a group,
 * or delete their messages that the search matched.
 */

const RAID_GUID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_RAID_TEXT = MAX_INCIDENT_UIDS * 102;

const raidTarget = {
  kind: z.enum(["deactivate", "ban", "delete_messages"], {
    error: "Choose what to do: deactivate, ban from a group, or delete their messages.",
  }),
  group: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || RAID_GUID_PATTERN.test(value), {
      message: "A GUID may contain only letters, digits, _ and - (at most 100 characters).",
    }),
  searchId: z.uuid("That search id is not valid.").optional(),
};

type Target = { kind: string; group?: string; searchId?: string };

function targetIssues(input: Target, context: z.RefinementCtx) {
  if (input.kind === "ban" && !input.group)
    context.addIssue({ code: "custom", path: ["group"], message: "Enter the group to ban them from." });
  if (input.kind === "delete_messages" && !input.searchId)
    context.addIssue({
      code: "custom",
      path: ["searchId"],
      message: "Deleting messages needs a search: only the messages it matched are deleted.",
    });
}

export const raidJobPreviewSchema = z
  .object({
    ...raidTarget,
    text: z
      .string()
      .max(
        MAX_RAID_TEXT,
        `That is more text than ${MAX_INCIDENT_UIDS.toLocaleString("en")} UIDs take; split the list.`,
      ),
  })
  .superRefine(targetIssues);

const raidJobFields = {
  ...raidTarget,
  reason: jobReason,
  uids: z
    .array(uidSchema)
    .min(1, "There is no UID to act on.")
    .max(MAX_INCIDENT_UIDS, `One job takes at most ${MAX_INCIDENT_UIDS.toLocaleString("en")} UIDs; split the list.`)
    .transform((uids) => [...new Set(uids)]),
  preview: requestPreviewSchema,
};

export const raidJobSchema = z.object(raidJobFields).superRefine(targetIssues);

/**
 * "Start without approval": an admin's own large job of any kind, its kind telling which job's
 * fields it carries (a block's blocker, or a raid job's group and search), with the reason no
 * second operator was asked.
 */
export const breakGlassJobSchema = z
  .discriminatedUnion(
    "kind",
    [
      z
        .object({ ...jobFields, kind: z.literal("block"), breakGlassReason: breakGlassReasonSchema })
        .refine(notSelf, NOT_SELF),
      z.object({ ...raidJobFields, breakGlassReason: breakGlassReasonSchema }).superRefine(targetIssues),
    ],
    { error: "Choose what to do: block, deactivate, ban from a group, or delete their messages." },
  )
  .transform(deduplicated);
