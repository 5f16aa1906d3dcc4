"use client";

import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { SelectField, TextField, UID_INPUT } from "@/components/ui/field";
import type { ReportFilterChoices } from "@/lib/reports/queries";
import { reportsHref, type ReportsQuery } from "@/lib/url-state";

type Props = { query: ReportsQuery; choices: ReportFilterChoices };

const text = (data: FormData, name: string) => String(data.get(name) ?? "").trim() || null;

/** A pick list whose first choice is no filter at all. */
const anyOr = (any: string, options: Array<{ value: string; label: string }>) => [
  { value: "", label: any },
  ...options,
];

/**
 * The queue's order and filters, all kept in the URL so that a filtered queue can be shared and
 * reloaded: applying them starts again at the first page.
 */
export function ReportsFilters({ query, choices }: Props) {
  const router = useRouter();

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    router.push(
      reportsHref({
        view: query.view,
        sort: data.get("sort") === "newest" ? "newest" : "most",
        reason: text(data, "reason"),
        group: text(data, "group"),
        sender: text(data, "sender")?.toLowerCase() ?? null,
        newAccounts: data.get("new") === "1",
        text: text(data, "text"),
      }),
    );
  }

  // A filter's field: its name in the URL and the value it has there.
  const field = (name: "sort" | "reason" | "group" | "sender" | "text") => ({
    id: `reports-${name}`,
    name,
    defaultValue: query[name] ?? "",
  });

  // Keyed by the query, so that the fields show the URL's values after a link changed them.
  return (
    <form
      key={reportsHref(query)}
      onSubmit={apply}
      aria-label="Filter reports"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <SelectField
        label="Sort by"
        options={[
          { value: "most", label: "Most reported" },
          { value: "newest", label: "Newest" },
        ]}
        {...field("sort")}
      />
      <SelectField
        label="Reason"
        options={anyOr(
          "Any reason",
          choices.reasons.map((reason) => ({ value: reason.id, label: reason.name || reason.id })),
        )}
        {...field("reason")}
      />
      <SelectField
        label="Group"
        options={anyOr(
          "Any group or conversation",
          choices.groups.map((group) => ({ value: group.guid, label: `${group.name} (${group.guid})` })),
        )}
        {...field("group")}
      />
      <TextField label="Sender UID" maxLength={100} {...UID_INPUT} {...field("sender")} />
      <TextField label="Text contains" maxLength={200} {...field("text")} />
      <div className="flex items-center gap-2 self-end pb-2">
        <input
          id="reports-new"
          type="checkbox"
          name="new"
          value="1"
          defaultChecked={query.newAccounts}
          className="size-4 accent-brand-600"
        />
        <label htmlFor="reports-new" className="text-sm text-slate-800">
          Accounts created in the last 24 hours
        </label>
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Apply filters</Button>
        <AppLink href={reportsHref({ view: query.view })} className={buttonClasses("secondary")}>
          Clear filters
        </AppLink>
      </div>
    </form>
  );
}
