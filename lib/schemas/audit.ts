import { z } from "zod";
import { uidSchema } from "./uid";

export const AUDIT_OUTCOMES = ["requested", "succeeded", "failed", "partial"] as const;

/** The actions the console records, for the filter's choices. */
export const AUDIT_ACTIONS = [
  "conversation.tags.update",
  "users.block",
  "users.unblock",
  "incident.job.start",
  "incident.job.call",
  "incident.job.pause",
  "incident.job.resume",
  "incident.job.cancel",
  "incident.job.retry",
  "incident.job.undo",
  "incident.job.end",
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_out",
  "operator.create",
  "operator.update",
  "audit.export",
  "audit.verify",
] as const;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const day = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date such as 2026-11-21.`)
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${label} is not a real date.`)
      .optional(),
  );

/**
 * The filters of the action log, as they stand in the URL. Dates are whole days in UTC: "to"
 * includes the day it names.
 */
export const auditFilterFormSchema = z.object({
  actor: z.preprocess(blankToUndefined, z.email("Actor must be an operator's email address.").toLowerCase().optional()),
  action: z.preprocess(
    blankToUndefined,
    z.enum(AUDIT_ACTIONS, { error: "Choose an action from the list." }).optional(),
  ),
  targetUid: z.preprocess(blankToUndefined, uidSchema.optional()),
  outcome: z.preprocess(
    blankToUndefined,
    z.enum(AUDIT_OUTCOMES, { error: "Choose an outcome from the list." }).optional(),
  ),
  from: day("From"),
  to: day("To"),
});
export type AuditFilterForm = z.input<typeof auditFilterFormSchema>;

export const auditFilterSchema = auditFilterFormSchema
  .transform((form) => ({
    actor: form.actor,
    action: form.action,
    targetUid: form.targetUid,
    outcome: form.outcome,
    from: form.from ? new Date(`${form.from}T00:00:00.000Z`) : undefined,
    to: form.to ? new Date(Date.parse(`${form.to}T00:00:00.000Z`) + 86_400_000) : undefined,
  }))
  .refine((filter) => !filter.from || !filter.to || filter.from < filter.to, {
    message: "From must be on or before To.",
    path: ["to"],
  });
export type AuditFilter = z.output<typeof auditFilterSchema>;

/** Reads the filter from URL search parameters; the fields in error are reported, not dropped silently. */
export function parseAuditSearchParams(params: Record<string, string | string[] | undefined>) {
  const flat = Object.fromEntries(
    ["actor", "action", "targetUid", "outcome", "from", "to"].map((key) => {
      const value = params[key];
      return [key, Array.isArray(value) ? value[0] : value];
    }),
  );
  return { form: flat as Record<string, string | undefined>, result: auditFilterSchema.safeParse(flat) };
}
