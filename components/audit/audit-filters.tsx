"use client";

import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, type FormEvent, type Ref } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { AUDIT_ACTIONS, AUDIT_ACTOR_ROLES, AUDIT_OUTCOMES } from "@/lib/audit/vocabulary";
import { AUDIT_FILTER_KEYS } from "@/lib/audit/filter-keys";
import { outcomeOf } from "@/lib/outcomes";
import { auditHref } from "@/lib/url-state";

type Props = {
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  /** Operators offered by the actor picker; absent for readers who only see their own actions. */
  operators?: Array<{ name: string; email: string }>;
};

const ACTION_OPTIONS = [
  { value: "", label: "Any action" },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: action })),
];
const ROLE_OPTIONS = [
  { value: "", label: "Any role" },
  ...AUDIT_ACTOR_ROLES.map((role) => ({
    value: role,
    label: role === "system" ? "system (the console itself)" : role,
  })),
];
const OUTCOME_OPTIONS = [
  { value: "", label: "Any outcome" },
  ...AUDIT_OUTCOMES.map((outcome) => ({
    value: outcome,
    label: outcome === "requested" ? "Not completed (in progress or unknown)" : outcomeOf(outcome).label,
  })),
];

const HOUR = 3_600_000;
const QUICK_RANGES: Array<{ label: string; from: () => Date }> = [
  { label: "Last hour", from: () => new Date(Date.now() - HOUR) },
  {
    label: "Today",
    from: () => {
      const midnight = new Date();
      midnight.setHours(0, 0, 0, 0);
      return midnight;
    },
  },
  { label: "Last 7 days", from: () => new Date(Date.now() - 7 * 24 * HOUR) },
];

/** "2026-11-21T09:30" in the browser's own zone, as a datetime-local field shows it. */
function localValue(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const instant = (local: string) => (local ? new Date(local).toISOString() : "");

/** A time typed in the operator's own zone: the form sends it as a UTC instant. */
function LocalTimeField(props: { id: string; ref: Ref<HTMLInputElement>; label: string; error?: string }) {
  return <TextField type="datetime-local" hint="Your time zone." {...props} />;
}

/**
 * The log's filters, kept in the URL so a filtered view can be shared and reloaded. Times are typed
 * in the operator's own zone and sent as UTC instants; the quick ranges start from now.
 */
export function AuditFilters({ values, errors, operators }: Props) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const fromLocal = useRef<HTMLInputElement>(null);
  const toLocal = useRef<HTMLInputElement>(null);

  // The server knows no operator's zone: the fields get local times once in the browser.
  useEffect(() => {
    if (fromLocal.current) fromLocal.current.value = localValue(values.from);
    if (toLocal.current) toLocal.current.value = localValue(values.to);
  }, [values.from, values.to]);

  // A filter's field: its name in the URL, the value it has there, and its error.
  const filter = (name: string) => ({
    id: `filter-${name}`,
    name,
    defaultValue: values[name] ?? "",
    error: errors[name],
  });

  const query = (override: Record<string, string>) => {
    const data = new FormData(form.current!);
    data.set("from", instant(fromLocal.current?.value ?? ""));
    data.set("to", instant(toLocal.current?.value ?? ""));
    return auditHref(
      Object.fromEntries(
        AUDIT_FILTER_KEYS.map((key) => [key, key in override ? override[key] : String(data.get(key) ?? "")]),
      ),
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    router.push(query({}));
  };

  return (
    <form
      ref={form}
      method="get"
      action="/audit"
      onSubmit={submit}
      aria-label="Filter the action log"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {operators && (
          <>
            <TextField
              label="Actor"
              hint="An operator, or part of an email."
              list="filter-actor-operators"
              autoComplete="off"
              {...filter("actor")}
            />
            <datalist id="filter-actor-operators">
              {operators.map((operator) => (
                <option key={operator.email} value={operator.email}>
                  {operator.name}
                </option>
              ))}
            </datalist>
            <SelectField label="Role" className="shadow-sm" options={ROLE_OPTIONS} {...filter("role")} />
          </>
        )}
        <SelectField label="Action" className="shadow-sm" options={ACTION_OPTIONS} {...filter("action")} />
        <TextField
          label="UID"
          hint="Any UID an action affected: blocker, blocked, on behalf of, other party."
          autoComplete="off"
          {...filter("uid")}
        />
        <SelectField label="Outcome" className="shadow-sm" options={OUTCOME_OPTIONS} {...filter("outcome")} />
        <LocalTimeField id="filter-from" ref={fromLocal} label="From" error={errors.from} />
        <LocalTimeField id="filter-to" ref={toLocal} label="To" error={errors.to} />
        <input type="hidden" name="from" defaultValue={values.from} />
        <input type="hidden" name="to" defaultValue={values.to} />
        {values.job && <input type="hidden" name="job" defaultValue={values.job} />}
        <label className="flex items-center gap-2 self-end text-sm">
          <input type="checkbox" name="calls" value="only" defaultChecked={values.calls === "only"} />
          Incident job calls alone
        </label>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit">Apply filters</Button>
        <AppLink href="/audit" className={buttonClasses("secondary")}>
          Clear filters
        </AppLink>
        <span className="text-sm text-slate-600" id="quick-ranges-label">
          Quick ranges:
        </span>
        <div role="group" aria-labelledby="quick-ranges-label" className="flex flex-wrap gap-2">
          {QUICK_RANGES.map((range) => (
            <Button
              key={range.label}
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => router.push(query({ from: range.from().toISOString(), to: "" }))}
            >
              {range.label}
            </Button>
          ))}
        </div>
      </div>
    </form>
  );
}
