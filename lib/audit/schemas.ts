import * as z from "@/lib/validation/zod";
import { AUDIT_ACTIONS, AUDIT_ACTOR_ROLES, AUDIT_OUTCOMES } from "./vocabulary";
import { uidSchema } from "@/lib/validation/uid";
import { AUDIT_FILTER_KEYS } from "./filter-keys";

/** A blank field of the URL is no filter: read as absent before `schema`, which may leave it out. */
const blankOr = <T extends z.core.$ZodType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value)),
    z.optional(schema),
  );

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A bound of the date range: an instant with its zone (what the form sends, from the operator's
 * local time, and what the quick ranges give), or a whole day in UTC, as older links have it.
 */
const bound = (label: string) =>
  blankOr(
    z.string().check(
      z.refine(
        (value) => DAY.test(value) || INSTANT.test(value),
        `${label} must be a time such as 2026-11-21T09:30:00Z, or a day such as 2026-11-21.`,
      ),
      z.refine(
        (value) => !Number.isNaN(Date.parse(DAY.test(value) ? `${value}T00:00:00Z` : value)),
        `${label} is not a real date.`,
      ),
      // The database stores years 1 to 9999 only; the log holds no entry before the console existed.
      z.refine(
        (value) => value.slice(0, 10) >= "1970-01-01" && value.slice(0, 10) <= "9998-12-31",
        `${label} must be a date from 1970-01-01 to 9998-12-31.`,
      ),
    ),
  );

const instantOf = (value: string, endOfDay: boolean) =>
  DAY.test(value)
    ? new Date(Date.parse(`${value}T00:00:00.000Z`) + (endOfDay ? 86_400_000 : 0))
    : new Date(Date.parse(value));

/** The filters of the action log, as they stand in the URL. "To" includes the day it names. */
const auditFilterFormSchema = z.object({
  actor: blankOr(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(254, "Actor is at most 254 characters: an operator's email, or part of one."),
        z.toLowerCase(),
      ),
  ),
  role: blankOr(
    z.enum(AUDIT_ACTOR_ROLES, { error: "Choose a role from the list: an operator's, or system for the console." }),
  ),
  action: blankOr(z.enum(AUDIT_ACTIONS, { error: "Choose an action from the list." })),
  uid: blankOr(uidSchema),
  outcome: blankOr(z.enum(AUDIT_OUTCOMES, { error: "Choose an outcome from the list." })),
  from: bound("From"),
  to: bound("To"),
  calls: blankOr(z.enum(["only"], { error: "Calls can only be shown alone (calls=only)." })),
  job: blankOr(z.uuid("Job must be the operation id of an incident job.")),
});

export const auditFilterSchema = z
  .pipe(
    auditFilterFormSchema,
    z.transform((form: z.output<typeof auditFilterFormSchema>) => ({
      actor: form.actor,
      role: form.role,
      action: form.action,
      uid: form.uid,
      outcome: form.outcome,
      from: form.from ? instantOf(form.from, false) : undefined,
      to: form.to ? instantOf(form.to, true) : undefined,
      calls: form.calls,
      job: form.job,
    })),
  )
  .check(
    z.refine((filter) => !filter.from || !filter.to || filter.from < filter.to, {
      message: "From must be before To.",
      path: ["to"],
    }),
  );
export type AuditFilter = z.output<typeof auditFilterSchema>;

/** Reads the filter from URL search parameters; the fields in error are reported, not dropped silently. */
export function parseAuditSearchParams(params: Record<string, string | string[] | undefined>) {
  const flat = Object.fromEntries(
    AUDIT_FILTER_KEYS.map((key) => {
      const value = params[key];
      return [key, Array.isArray(value) ? value[0] : value];
    }),
  );
  return { form: flat as Record<string, string | undefined>, result: z.safeParse(auditFilterSchema, flat) };
}
