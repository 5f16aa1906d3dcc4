"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState, type ReactNode } from "react";
import { ActionFailure } from "@/components/ui/action-failure";
import { Button } from "@/components/ui/button";
import { SelectField, TextField, UID_INPUT } from "@/components/ui/field";
import { useSchemaForm, type SchemaForm } from "@/components/ui/use-schema-form";
import { placeFieldErrors } from "@/lib/actions/field-errors";
import { startRaidSearchAction } from "@/lib/raid-search/actions/start-raid-search";
import { useServerAction } from "@/lib/actions/use-server-action";
import type { RaidSearchFormInput } from "@/lib/raid-search/schemas";
import { QUICK_WINDOWS } from "@/lib/raid-search/windows";
import { hrefOf } from "@/lib/url-state";

/** The action's schema, loaded as the form is first used (useSchemaForm). */
const loadRaidSearchFormSchema = () =>
  import("@/lib/raid-search/schemas").then((schemas) => schemas.raidSearchFormSchema);

const FORM_FIELDS = [
  "where",
  "group",
  "user",
  "textContains",
  "linkDomain",
  "window",
  "from",
  "to",
  "senderUid",
  "namePrefix",
  "blockedBy",
] as const;
const FIELD_LABELS = {
  where: "Where",
  group: "Group (GUID)",
  user: "User (UID)",
  textContains: "Text contains",
  linkDomain: "Link's domain",
  window: "When",
  from: "From",
  to: "To",
  senderUid: "Sender UID",
  namePrefix: "Name starts with",
  blockedBy: "Blocked by (UID)",
};

const UNANSWERED =
  "The console's server did not answer, so it is not known whether the search started. Look at the recent searches before starting it again.";

const WHERE_OPTIONS = [
  { value: "group", label: "A group" },
  { value: "user", label: "A user's direct messages" },
  { value: "app", label: "The whole app" },
] as const;
const WINDOW_OPTIONS = [
  ...Object.entries(QUICK_WINDOWS).map(([value, { label }]) => ({ value, label })),
  { value: "custom", label: "From … to …" },
];

/** An instant as a datetime-local field shows it, in the operator's own time zone. */
function localInputOf(iso: string | undefined): string | undefined {
  const at = iso ? new Date(iso) : undefined;
  if (!at || Number.isNaN(at.getTime())) return undefined;
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A time typed in the operator's own time zone, as the instant the server reads. */
const instantOf = (local: string | undefined) => (local ? new Date(local).toISOString() : undefined);

type SearchFields = Required<RaidSearchFormInput>;

/** The fields that take a UID, a GUID or a domain: their ids' ends and hints (their labels are `FIELD_LABELS`). */
const ID_FIELDS = {
  group: { end: "group", hint: "Such as cometchat-guid-1." },
  user: { end: "user", hint: "The direct messages others sent this user." },
  linkDomain: { end: "domain", hint: "Messages with a link to this domain or its subdomains." },
  senderUid: { end: "sender", hint: undefined },
  blockedBy: {
    end: "blocked-by",
    hint: "Optional: shows whether this user has already blocked each sender, and offers to block them for this user.",
  },
};

/** A field of `ID_FIELDS`, typed as written (no capitals, no spelling fixes). */
function IdField({
  form,
  formId,
  name,
}: {
  form: SchemaForm<SearchFields>;
  formId: string;
  name: keyof typeof ID_FIELDS;
}) {
  const { end, hint } = ID_FIELDS[name];
  return (
    <TextField id={`${formId}-${end}`} label={FIELD_LABELS[name]} hint={hint} {...UID_INPUT} {...form.field(name)} />
  );
}

/** One part of the form, named by its legend. */
function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * "Find accounts": where, what, when and who to look for. The search runs on the server in the
 * background; the page follows it at /incidents?search=<id>.
 */
export function FindAccountsForm({
  defaultGroup,
  prefill,
}: {
  defaultGroup?: string;
  /** A raid alert's group and window (ISO times), as "Find accounts" of its banner opens the form. */
  prefill?: { group: string; from?: string; to?: string };
}) {
  const id = useId();
  const router = useRouter();
  const form = useSchemaForm({
    schema: loadRaidSearchFormSchema,
    defaultValues: {
      where: "group",
      group: prefill?.group ?? defaultGroup ?? "",
      user: "",
      textContains: "",
      hasLinks: false,
      linkDomain: "",
      window: "last_hour",
      from: "",
      to: "",
      senderUid: "",
      namePrefix: "",
      blockedBy: "",
    } as SearchFields,
  });
  const { where, window } = form.values;
  const { setValue } = form;
  const prefillFrom = prefill?.from;
  const prefillTo = prefill?.to;
  // The window's ends in the operator's own zone, which only the browser knows: set once it runs.
  useEffect(() => {
    const from = localInputOf(prefillFrom);
    const to = localInputOf(prefillTo);
    if (!from || !to) return;
    setValue("window", "custom");
    setValue("from", from);
    setValue("to", to);
  }, [prefillFrom, prefillTo, setValue]);
  const start = useServerAction(startRaidSearchAction, { unanswered: UNANSWERED });
  const [placed, setPlaced] = useState<string[]>([]);

  function submit() {
    const typed = form.getValues();
    // The window's ends as typed are the operator's local times: the browser knows their zone, the server does not.
    const input = { ...typed, from: instantOf(typed.from), to: instantOf(typed.to) };
    void start.run(input, (answer) => {
      if (answer.ok) router.push(hrefOf("/incidents", { search: answer.data.searchId }, "#find-accounts"));
      else setPlaced(placeFieldErrors(answer.fieldErrors, FORM_FIELDS, form.setError));
    });
  }

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-4">
      <Section legend="Where">
        <SelectField id={`${id}-where`} label="Where" options={WHERE_OPTIONS} {...form.field("where")} />
        {where === "group" && <IdField form={form} formId={id} name="group" />}
        {where === "user" && <IdField form={form} formId={id} name="user" />}
      </Section>
      <Section legend="What">
        <TextField id={`${id}-text`} label="Text contains" {...form.field("textContains")} />
        <IdField form={form} formId={id} name="linkDomain" />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="hasLinks"
            className="size-4 accent-brand-600"
            checked={form.values.hasLinks}
            onChange={(event) => form.setValue("hasLinks", event.target.checked)}
          />
          Has links
        </label>
      </Section>
      <Section legend="When">
        <SelectField id={`${id}-window`} label="When" options={WINDOW_OPTIONS} {...form.field("window")} />
        {window === "custom" && (
          <>
            <TextField id={`${id}-from`} label="From" type="datetime-local" {...form.field("from")} />
            <TextField id={`${id}-to`} label="To" type="datetime-local" {...form.field("to")} />
          </>
        )}
      </Section>
      <Section legend="Who">
        <IdField form={form} formId={id} name="senderUid" />
        <TextField id={`${id}-name`} label="Name starts with" {...form.field("namePrefix")} />
        <IdField form={form} formId={id} name="blockedBy" />
      </Section>
      {start.failure && <ActionFailure failure={start.failure} shownFields={placed} labels={FIELD_LABELS} />}
      <Button type="submit" busy={start.pending}>
        {start.pending ? "Starting the search…" : "Find accounts"}
      </Button>
    </form>
  );
}
