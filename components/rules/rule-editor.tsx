"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type ReactNode } from "react";
import { ActionFailure } from "@/components/ui/action-failure";
import { useAnnouncer } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField, TextField, UID_INPUT } from "@/components/ui/field";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import type { ActionResult } from "@/lib/actions/result";
import { useServerAction } from "@/lib/actions/use-server-action";
import { createRuleAction } from "@/lib/rules/actions/create-rule";
import { testRuleAction } from "@/lib/rules/actions/test-rule";
import { updateRuleAction } from "@/lib/rules/actions/update-rule";
import { TEST_WINDOW_HOURS, TEST_WINDOW_LABELS, type TestWindowHours } from "@/lib/rules/limits";
import type { RuleFormInput } from "@/lib/rules/schemas";
import { TestResult, type ShownTest } from "./test-result";

/** The action's schema, loaded as the form is first used (useSchemaForm). */
const loadRuleFormSchema = () => import("@/lib/rules/schemas").then((schemas) => schemas.ruleFormSchema);

const FIELDS = [
  "name",
  "description",
  "wordLists",
  "words",
  "patternLists",
  "newerThanHours",
  "groups",
  "action",
] as const;
type Field = (typeof FIELDS)[number];
export type RuleFormValues = Required<RuleFormInput>;
type ListChoice = { id: string; name: string };

const UNANSWERED_SAVE =
  "The console's server did not answer, so it is not known whether the rule was saved. Look at the rules before saving again.";
const UNANSWERED_TEST = "The console's server did not answer, so the test's result is not known. Try again.";

const testButtonLabel = (hours: TestWindowHours) => `Test against the ${TEST_WINDOW_LABELS[hours].toLowerCase()}`;

function Group({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
      {children}
    </fieldset>
  );
}

/** Checkboxes of lists: a rule names lists by id, a moderator by name. */
function ListChoices({
  id,
  legend,
  lists,
  chosen,
  error,
  onChange,
  registerFocus,
}: {
  id: string;
  legend: string;
  lists: ListChoice[];
  chosen: string[];
  error?: string;
  onChange: (next: string[]) => void;
  registerFocus: (control: { focus: () => void } | null) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {lists.length === 0 ? (
        <p className="text-sm text-slate-600">No list of this kind yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-x-6 gap-y-1">
          {lists.map((list, index) => (
            <li key={list.id}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  ref={index === 0 ? registerFocus : undefined}
                  className="size-4 accent-brand-600"
                  checked={chosen.includes(list.id)}
                  onChange={(event) =>
                    onChange(event.target.checked ? [...chosen, list.id] : chosen.filter((other) => other !== list.id))
                  }
                />
                {list.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

type RuleEditorProps = {
  /** The rule changed; without it, the form makes a new rule. */
  ruleId?: string;
  initial: RuleFormValues;
  wordLists: ListChoice[];
  patternLists: ListChoice[];
  /** The rule's latest test of what it is now, shown until the form tests again. */
  lastTest?: ShownTest;
};

/**
 * "New rule" and a rule's editing, in a moderator's words; "Test against the last 24 hours" tests the
 * rule as the form has it, before it is saved or switched on. A new rule is saved switched off.
 */
export function RuleEditor({ ruleId, initial, wordLists, patternLists, lastTest }: RuleEditorProps) {
  const id = useId();
  const router = useRouter();
  const announce = useAnnouncer();
  const form = useSchemaForm({ schema: loadRuleFormSchema, defaultValues: initial });
  const create = useServerAction(createRuleAction, { unanswered: UNANSWERED_SAVE });
  const update = useServerAction(updateRuleAction, { unanswered: UNANSWERED_SAVE });
  const save = ruleId ? update : create;
  const test = useServerAction(testRuleAction, { unanswered: UNANSWERED_TEST });
  const [windowHours, setWindowHours] = useState<TestWindowHours>(24);
  const [shown, setShown] = useState<ShownTest | undefined>(lastTest);
  const [placed, setPlaced] = useState<string[]>([]);
  const [testedChanged, setTestedChanged] = useState(false);

  /** The action's field errors are named under `rule.`: each goes to its field here. */
  const place = (answer: ActionResult<unknown>) => {
    if (answer.ok) return;
    const found: string[] = [];
    for (const [key, messages] of Object.entries(answer.fieldErrors ?? {})) {
      const field = key.replace(/^rule\./, "").split(".")[0] as Field;
      if (!FIELDS.includes(field) || !messages[0]) continue;
      form.setError(field, { message: messages[0] }, { shouldFocus: found.length === 0 });
      found.push(key);
    }
    setPlaced(found);
  };

  const onSave = form.handleSubmit((_rule, typed) => {
    setPlaced([]);
    const done = (answer: ActionResult<{ ruleId: string }>) => {
      place(answer);
      if (!answer.ok) return;
      const saved = answer.data;
      announce?.(ruleId ? "Rule saved: a new revision." : "Rule saved, switched off. Test it, then enable it.");
      if (ruleId) router.refresh();
      else router.push(`/rules/${encodeURIComponent(saved.ruleId)}`);
    };
    if (ruleId) void update.run({ ruleId, rule: typed }, done);
    else void create.run({ rule: typed }, done);
  });

  const onTest = form.handleSubmit((_rule, typed) => {
    setPlaced([]);
    void test.run({ ruleId, rule: typed, windowHours }, (answer) => {
      place(answer);
      if (!answer.ok) return;
      setShown(answer.data);
      setTestedChanged(false);
      announce?.(`Test done: ${answer.data.matched} messages would have been held back.`);
      router.refresh();
    });
  });

  const values = form.values;
  const setAndMark = <K extends keyof RuleFormValues & string>(name: K, value: RuleFormValues[K]) => {
    form.setValue(name, value);
    setTestedChanged(true);
  };
  const field = (name: Field) => {
    const bound = form.field(name);
    return {
      ...bound,
      onChange: (event: { target: { value: string } }) => {
        bound.onChange(event);
        setTestedChanged(true);
      },
    };
  };

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={(event) => void onSave(event)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={`${id}-name`} label="Name" hint="Up to 100 characters." {...form.field("name")} />
          <TextField
            id={`${id}-description`}
            label="Description"
            hint="Optional: why the rule exists. Up to 255 characters."
            {...form.field("description")}
          />
        </div>
        <Group legend="Looks for" hint="A message matches when any of these is true.">
          <ListChoices
            id={`${id}-word-lists`}
            legend="Text contains a word of list…"
            lists={wordLists}
            chosen={values.wordLists}
            error={form.errors.wordLists}
            onChange={(next) => setAndMark("wordLists", next)}
            registerFocus={form.focusTarget("wordLists")}
          />
          <TextAreaField
            id={`${id}-words`}
            label="Text contains one of these words"
            hint="Commas or new lines between them; a word may hold punctuation, such as a domain (usdt-drop.example). Case does not matter; a word matches only whole, not inside another word."
            rows={2}
            {...UID_INPUT}
            {...field("words")}
          />
          <ListChoices
            id={`${id}-pattern-lists`}
            legend="Text matches a pattern of list…"
            lists={patternLists}
            chosen={values.patternLists}
            error={form.errors.patternLists}
            onChange={(next) => setAndMark("patternLists", next)}
            registerFocus={form.focusTarget("patternLists")}
          />
        </Group>
        <Group legend="Applies to" hint="Every condition here must hold; leave both empty for every message.">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={`${id}-newer-than`}
              label="Sender's account is newer than… hours"
              hint="Such as 24: accounts made in the day before they wrote. Empty for any account."
              inputMode="decimal"
              {...field("newerThanHours")}
            />
            <TextField
              id={`${id}-groups`}
              label="Sent in group…"
              hint="GUIDs, such as cometchat-guid-1, separated by spaces or commas. Empty for anywhere."
              {...UID_INPUT}
              {...field("groups")}
            />
          </div>
        </Group>
        <Group legend="Does">
          <SelectField
            id={`${id}-action`}
            label="What happens to a matching message"
            options={[
              { value: "blockMessage", label: "Hold the message for review" },
              { value: "dropMessage", label: "Drop the message" },
            ]}
            hint="Held messages wait under “Blocked messages”, where they can be delivered; dropped ones are gone for good."
            {...field("action")}
          />
        </Group>
        {save.failure && (
          <ActionFailure
            failure={save.failure}
            shownFields={placed}
            labels={{ "rule.name": "Name", "rule.words": "Words" }}
          />
        )}
        <div className="flex flex-wrap items-end justify-between gap-3 border-t border-slate-200 pt-4">
          <div className="flex flex-wrap items-end gap-3">
            <SelectField
              id={`${id}-window`}
              label="Test window"
              options={TEST_WINDOW_HOURS.map((hours) => ({ value: String(hours), label: TEST_WINDOW_LABELS[hours] }))}
              value={String(windowHours)}
              onChange={(event) => setWindowHours(Number(event.target.value) as TestWindowHours)}
            />
            <Button variant="secondary" busy={test.pending} onClick={() => void onTest()}>
              {test.pending ? "Testing…" : testButtonLabel(windowHours)}
            </Button>
          </div>
          <Button type="submit" busy={save.pending}>
            {save.pending ? "Saving…" : ruleId ? "Save rule" : "Save rule (switched off)"}
          </Button>
        </div>
      </form>
      {test.failure && <ActionFailure failure={test.failure} shownFields={placed} />}
      {shown && <TestResult test={shown} stale={testedChanged} />}
    </div>
  );
}
