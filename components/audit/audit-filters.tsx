import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from "@/lib/schemas/audit";

type Props = {
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  showActor: boolean;
};

const ACTION_OPTIONS = [
  { value: "", label: "Any action" },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: action })),
];
const OUTCOME_OPTIONS = [
  { value: "", label: "Any outcome" },
  ...AUDIT_OUTCOMES.map((outcome) => ({ value: outcome, label: outcome })),
];

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
        <SelectField
          id="filter-action"
          name="action"
          label="Action"
          defaultValue={values.action ?? ""}
          error={errors.action}
          className="shadow-sm"
          options={ACTION_OPTIONS}
        />
        <TextField
          id="filter-target"
          name="targetUid"
          label="Target UID"
          defaultValue={values.targetUid}
          error={errors.targetUid}
          autoComplete="off"
        />
        <SelectField
          id="filter-outcome"
          name="outcome"
          label="Outcome"
          defaultValue={values.outcome ?? ""}
          error={errors.outcome}
          className="shadow-sm"
          options={OUTCOME_OPTIONS}
        />
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
