"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { ActionFailure } from "@/components/ui/action-failure";
import { useAnnouncer } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField, TextField, UID_INPUT } from "@/components/ui/field";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { placeFieldErrors } from "@/lib/actions/field-errors";
import type { ActionResult } from "@/lib/actions/result";
import { useServerAction } from "@/lib/actions/use-server-action";
import { createKeywordListAction } from "@/lib/rules/actions/create-keyword-list";
import { updateKeywordListAction } from "@/lib/rules/actions/update-keyword-list";
import type { KeywordListFormInput } from "@/lib/rules/schemas";
import { termsOfCsv } from "./csv-terms";

const loadListFormSchema = () => import("@/lib/rules/schemas").then((schemas) => schemas.keywordListFormSchema);

type ListValues = Required<KeywordListFormInput>;
const FIELDS = ["name", "description", "category", "terms"] as const;
const UNANSWERED =
  "The console's server did not answer, so it is not known whether the list was saved. Look at the lists before saving again.";
/** A CSV file of terms: a list of a few thousand words is well under this. */
const MAX_CSV_BYTES = 1_000_000;

/**
 * "New list" and a list's "Save": words (commas or new lines between them) or patterns (one a line),
 * typed or read from a CSV file (every cell a term) into the field, to be seen before saving.
 */
export function KeywordListForm({ listId, initial }: { listId?: string; initial: ListValues }) {
  const id = useId();
  const router = useRouter();
  const announce = useAnnouncer();
  const form = useSchemaForm({ schema: loadListFormSchema, defaultValues: initial });
  const create = useServerAction(createKeywordListAction, { unanswered: UNANSWERED });
  const update = useServerAction(updateKeywordListAction, { unanswered: UNANSWERED });
  const save = listId ? update : create;
  const [placed, setPlaced] = useState<string[]>([]);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const pattern = form.values.category === "pattern";

  const submit = form.handleSubmit((_list, typed) => {
    setPlaced([]);
    const done = (answer: ActionResult<unknown>) => {
      if (!answer.ok) {
        const nested = Object.fromEntries(
          Object.entries(answer.fieldErrors ?? {}).map(([key, messages]) => [key.replace(/^list\./, ""), messages]),
        );
        setPlaced(placeFieldErrors(nested, FIELDS, form.setError).map((field) => `list.${field}`));
        return;
      }
      announce?.(listId ? "List saved." : "List added.");
      router.push("/rules");
      router.refresh();
    };
    if (listId) void update.run({ listId, list: typed }, done);
    else void create.run({ list: typed }, done);
  });

  async function readCsv(file: File | undefined) {
    setFileProblem(null);
    if (!file) return;
    if (file.size > MAX_CSV_BYTES) {
      setFileProblem(`That file has ${Math.round(file.size / 1000)} kB; a list's CSV may have at most 1,000 kB.`);
      return;
    }
    const terms = termsOfCsv(await file.text());
    if (terms.length === 0) {
      setFileProblem("That file holds no terms: every cell of the CSV is a term.");
      return;
    }
    form.setValue("terms", terms.join(pattern ? "\n" : ", "));
    announce?.(`${terms.length} terms read from ${file.name}: check them, then save.`);
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-name`} label="Name" hint="Up to 100 characters." {...form.field("name")} />
        <SelectField
          id={`${id}-category`}
          label="Kind"
          options={[
            { value: "word", label: "Words" },
            { value: "pattern", label: "Patterns (regular expressions)" },
          ]}
          disabled={listId !== undefined}
          hint={listId ? "A list's kind cannot change: rules name it for what it holds." : undefined}
          {...form.field("category")}
        />
      </div>
      <TextField id={`${id}-description`} label="Description" hint="Optional." {...form.field("description")} />
      <TextAreaField
        id={`${id}-terms`}
        label={pattern ? "Patterns, one a line" : "Words, separated by commas or new lines"}
        hint={
          pattern
            ? "Regular expressions, matched anywhere in a message, case ignored. Greedy patterns (.*, .+, {2,}, (a+)+) are refused, as the vendor refuses them: say how long a part may be, such as .{0,20}. Up to 100 characters each."
            : "A word matches whole, case ignored; it may hold spaces and punctuation (a phrase, a domain). Up to 100 characters each."
        }
        rows={8}
        {...UID_INPUT}
        {...form.field("terms")}
      />
      <div>
        <label htmlFor={`${id}-csv`} className="block text-sm font-medium text-slate-800">
          Or read the terms from a CSV file
        </label>
        <p id={`${id}-csv-hint`} className="mt-0.5 text-xs text-slate-600">
          Every cell is a term; they replace what the field above holds, for you to check before saving.
        </p>
        <input
          id={`${id}-csv`}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={`${id}-csv-hint${fileProblem ? ` ${id}-csv-error` : ""}`}
          className="mt-1 block text-sm"
          onChange={(event) => void readCsv(event.target.files?.[0])}
        />
        {fileProblem && (
          <p id={`${id}-csv-error`} className="mt-1 text-sm text-red-700">
            {fileProblem}
          </p>
        )}
      </div>
      {save.failure && <ActionFailure failure={save.failure} shownFields={placed} />}
      <div className="flex justify-end">
        <Button type="submit" busy={save.pending}>
          {save.pending ? "Saving…" : listId ? "Save list" : "Add list"}
        </Button>
      </div>
    </form>
  );
}
