import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { FieldFrame, TextField } from "@/components/ui/field";
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from "@/lib/schemas/audit";

type Props = {
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  showActor: boolean;
};

const SELECT = "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm";

/** The log's filters as a plain GET form: they live in the URL, so a filtered view can be shared and reloaded. */
export function AuditFilters({ values, errors, showActor }: Props) {
  return (
    <form
      method="get"
      action="/audit"
      aria-label="Filter the action log"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {showActor && (
          <TextField
            id="filter-actor"
            name="actor"
            type="email"
            label="Actor"
            hint="The operator's email."
            defaultValue={values.actor}
            error={errors.actor}
          />
        )}
        <FieldFrame id="filter-action" label="Action" error={errors.action}>
          {(describedBy, invalid) => (
            <select
              id="filter-action"
              name="action"
              defaultValue={values.action ?? ""}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className={`${SELECT} ${invalid ? "border-red-600" : "border-slate-300"}`}
            >
              <option value="">Any action</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {action}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <TextField
          id="filter-target"
          name="targetUid"
          label="Target UID"
          defaultValue={values.targetUid}
          error={errors.targetUid}
          autoComplete="off"
        />
        <FieldFrame id="filter-outcome" label="Outcome" error={errors.outcome}>
          {(describedBy, invalid) => (
            <select
              id="filter-outcome"
              name="outcome"
              defaultValue={values.outcome ?? ""}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className={`${SELECT} ${invalid ? "border-red-600" : "border-slate-300"}`}
            >
              <option value="">Any outcome</option>
              {AUDIT_OUTCOMES.map((outcome) => (
                <option key={outcome} value={outcome}>
                  {outcome}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <TextField
          id="filter-from"
          name="from"
          type="date"
          label="From"
          hint="UTC, from the start of the day."
          defaultValue={values.from}
          error={errors.from}
        />
        <TextField
          id="filter-to"
          name="to"
          type="date"
          label="To"
          hint="UTC, to the end of the day."
          defaultValue={values.to}
          error={errors.to}
        />
      </div>
      <div className="mt-4 flex gap-3">
        <Button type="submit">Apply filters</Button>
        <Link href="/audit" className={buttonClasses("secondary")}>
          Clear filters
        </Link>
      </div>
    </form>
  );
}
