import { z } from "./zod";
import { MAX_INCIDENT_UIDS, requestPreviewSchema, requiredReason } from "./incident";
import { uidSchema } from "./uid";

/**
 * A job on the senders a search found, or on a pasted list: deactivate them, ban them from a group,
 * or delete their messages that the search matched.
 */

const GUID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_TEXT = MAX_INCIDENT_UIDS * 102;

const target = {
  kind: z.enum(["deactivate", "ban", "delete_messages"], {
    error: "Choose what to do: deactivate, ban from a group, or delete their messages.",
  }),
  group: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || GUID_PATTERN.test(value), {
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
    ...target,
    text: z
      .string()
      .max(MAX_TEXT, `That is more text than ${MAX_INCIDENT_UIDS.toLocaleString("en")} UIDs take; split the list.`),
  })
  .superRefine(targetIssues);

const jobFields = {
  ...target,
  reason: requiredReason,
  uids: z
    .array(uidSchema)
    .min(1, "There is no UID to act on.")
    .max(MAX_INCIDENT_UIDS, `One job takes at most ${MAX_INCIDENT_UIDS.toLocaleString("en")} UIDs; split the list.`)
    .transform((uids) => [...new Set(uids)]),
  preview: requestPreviewSchema,
};

export const raidJobSchema = z.object(jobFields).superRefine(targetIssues);
