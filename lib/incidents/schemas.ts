import * as z from "@/lib/validation/zod";
import { blockForSchema } from "@/lib/blocking/schemas";
import { MAX_REASON_LENGTH, requiredReason } from "@/lib/validation/reason";
import { plainText } from "@/lib/validation/text";
import { uidSchema } from "@/lib/validation/uid";
import { MAX_INCIDENT_UIDS, MIN_BREAK_GLASS_REASON } from "./limits";

/** Pasted or uploaded text of that many UIDs of up to 100 characters, with separators. */
const MAX_INCIDENT_TEXT = MAX_INCIDENT_UIDS * 102;
const TOO_MUCH_TEXT = `That is more text than ${MAX_INCIDENT_UIDS.toLocaleString("en")} UIDs take; split the list.`;
const TOO_MANY_UIDS = `One job takes at most ${MAX_INCIDENT_UIDS.toLocaleString("en")} UIDs; split the list.`;

export const jobReason = requiredReason("Give a reason: it is recorded with every call of the job.");

export const incidentPreviewSchema = z.object({
  blocker: uidSchema,
  text: z.string().check(z.maxLength(MAX_INCIDENT_TEXT, TOO_MUCH_TEXT)),
});

export const incidentFormSchema = z.object({
  blocker: uidSchema,
  reason: jobReason,
  text: z.string().check(z.trim(), z.minLength(1, "Paste the UIDs to block, or upload a .txt or .csv file of them.")),
  blockFor: blockForSchema,
});
export type IncidentFormSchema = typeof incidentFormSchema;

const count = z.number().check(z.int("A count is a whole number."), z.minimum(0, "A count cannot be negative."));

/** What the requester's preview counted besides the UIDs: shown to the approver as it was shown to them. */
const requestPreviewSchema = z._default(z.object({ invalid: count, duplicates: count, selfExcluded: z.boolean() }), {
  invalid: 0,
  duplicates: 0,
  selfExcluded: false,
});

const jobFields = {
  blocker: uidSchema,
  reason: jobReason,
  uids: z
    .array(uidSchema)
    .check(z.minLength(1, "There is no UID to block."), z.maxLength(MAX_INCIDENT_UIDS, TOO_MANY_UIDS)),
  blockFor: blockForSchema,
  preview: requestPreviewSchema,
};

const notSelf = (input: { blocker: string; uids: string[] }) => !input.uids.includes(input.blocker);
const NOT_SELF = { message: "A user cannot block themselves: remove the blocker's own UID.", path: ["uids"] };
const deduplicated = <T extends { uids: string[] }>(input: T) => ({ ...input, uids: [...new Set(input.uids)] });

export const createIncidentJobSchema = z.pipe(
  z.object(jobFields).check(z.refine(notSelf, NOT_SELF)),
  z.transform(deduplicated<z.output<z.ZodMiniObject<typeof jobFields>>>),
);

export const breakGlassReasonSchema = z
  .string({ error: "Say why this cannot wait for a second operator." })
  .check(
    z.trim(),
    z.minLength(
      MIN_BREAK_GLASS_REASON,
      `Say why this cannot wait for a second operator, in at least ${MIN_BREAK_GLASS_REASON} characters.`,
    ),
    z.maxLength(MAX_REASON_LENGTH, `A reason may have at most ${MAX_REASON_LENGTH} characters.`),
    z.superRefine(plainText("The reason")),
  );

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
    .pipe(
      z.optional(z.string().check(z.trim())),
      z.transform((value: string | undefined) => value || undefined),
    )
    .check(
      z.refine((value) => value === undefined || RAID_GUID_PATTERN.test(value), {
        message: "A GUID may contain only letters, digits, _ and - (at most 100 characters).",
      }),
    ),
  searchId: z.optional(z.uuid("That search id is not valid.")),
};

type Target = { kind: string; group?: string; searchId?: string };

function targetIssues(input: Target, context: z.core.$RefinementCtx<Target>) {
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
  .object({ ...raidTarget, text: z.string().check(z.maxLength(MAX_RAID_TEXT, TOO_MUCH_TEXT)) })
  .check(z.superRefine(targetIssues));

const raidJobFields = {
  ...raidTarget,
  reason: jobReason,
  uids: z.pipe(
    z
      .array(uidSchema)
      .check(z.minLength(1, "There is no UID to act on."), z.maxLength(MAX_INCIDENT_UIDS, TOO_MANY_UIDS)),
    z.transform((uids: string[]) => [...new Set(uids)]),
  ),
  preview: requestPreviewSchema,
};

export const raidJobSchema = z.object(raidJobFields).check(z.superRefine(targetIssues));

/**
 * "Start without approval": an admin's own large job of any kind, its kind telling which job's
 * fields it carries (a block's blocker, or a raid job's group and search), with the reason no
 * second operator was asked.
 */
export const breakGlassJobSchema = z.pipe(
  z.discriminatedUnion(
    "kind",
    [
      z
        .object({ ...jobFields, kind: z.literal("block"), breakGlassReason: breakGlassReasonSchema })
        .check(z.refine(notSelf, NOT_SELF)),
      z.object({ ...raidJobFields, breakGlassReason: breakGlassReasonSchema }).check(z.superRefine(targetIssues)),
    ],
    { error: "Choose what to do: block, deactivate, ban from a group, or delete their messages." },
  ),
  z.transform(deduplicated),
);
