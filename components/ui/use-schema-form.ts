"use client";

import { useCallback, useRef, useState, type FormEvent } from "react";
import type * as z from "@/lib/validation/zod";

type Values = Record<string, unknown>;
type Issue = z.core.$ZodIssue;
type Schema = z.ZodMiniType;

/**
 * A schema module, imported when a form is first used: `() => import("@/lib/users/schemas").then((m) =>
 * m.lookUpUserSchema)`. Zod is ~20 KiB gzip in the browser (Turbopack keeps its core whole), a page's
 * whole share of the 150 KiB; loaded as a person starts on a form, it is there before they submit.
 */
type SchemaLoader<S extends Schema> = () => Promise<S>;
/** An error of the form as a whole, or of what no field shows (a page's own UID). */
export const FORM_ERROR = "form";

type Options<V extends Values, S extends Schema> = {
  /** The action's own schema (its noun's schemas.ts), or the part of it the form's fields make. */
  schema: SchemaLoader<S>;
  defaultValues: V;
  /** What the schema reads, made of the fields; without it, the fields as they are. */
  input?: (values: V) => unknown;
  /** The field that shows an issue, and its words there; without it, the field its path starts with. */
  place?: (issue: Issue, values: V) => { field: string; message: string };
};

type Focusable = { focus: () => void } | null;
type Errors = Partial<Record<string, string>>;

const placedByPath = (issue: Issue) => ({ field: String(issue.path[0] ?? FORM_ERROR), message: issue.message });

/**
 * A form checked with zod before it is sent, the browser's half of "one schema": the action parses
 * the same schema again on the server. Fields are controlled (`field(name)` spreads value, onChange,
 * ref and error into a TextField, TextAreaField or SelectField, whose error is linked to its control
 * by aria-describedby). A failed check shows every field's first error and focuses the first field in
 * error; after a submit, each change checks again, so an error goes as soon as it is fixed. The action's
 * own field errors go on the fields through `setError` (placeFieldErrors). A few hundred bytes where
 * react-hook-form and its resolver took 14 KiB gzip of every form page. The schema loads at the first
 * change of a field (not at its focus: a page may focus its form as it opens), or at the first submit.
 */
export function useSchemaForm<V extends Values, S extends Schema>({
  schema,
  defaultValues,
  input,
  place = placedByPath,
}: Options<V, S>) {
  const [values, setValues] = useState<V>(defaultValues);
  const [errors, setErrors] = useState<Errors>({});
  const current = useRef(values);
  const submitted = useRef(false);
  const controls = useRef(new Map<string, Focusable>());
  const loaded = useRef<S | null>(null);
  const loading = useRef<Promise<S> | null>(null);

  const load = useCallback(() => {
    loading.current ??= schema().then((ready) => (loaded.current = ready));
    return loading.current;
  }, [schema]);

  const check = useCallback(
    (rules: S, next: V) => {
      const parsed = rules.safeParse(input ? input(next) : next);
      if (parsed.success) return { data: parsed.data, errors: {} as Errors };
      const found: Errors = {};
      // A path's first issue, as the server's answer names it first; a list's items each have theirs.
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const path = issue.path.join(".");
        if (seen.has(path)) continue;
        seen.add(path);
        const { field, message } = place(issue, next);
        found[field] = found[field] ? `${found[field]} ${message}` : message;
      }
      return { data: undefined, errors: found };
    },
    [input, place],
  );

  const focusFirst = useCallback((failed: Errors) => {
    for (const [name, control] of controls.current) {
      if (failed[name] !== undefined) return control?.focus();
    }
  }, []);

  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      void load();
      const next = { ...current.current, [name]: value };
      current.current = next;
      setValues(next);
      if (submitted.current && loaded.current) setErrors(check(loaded.current, next).errors);
    },
    [check, load],
  );

  const setError = useCallback((name: string, error: { message: string }, options?: { shouldFocus?: boolean }) => {
    setErrors((now) => ({ ...now, [name]: error.message }));
    if (options?.shouldFocus) controls.current.get(name)?.focus();
  }, []);

  const clearError = useCallback(
    (name: string) => setErrors((now) => Object.fromEntries(Object.entries(now).filter(([key]) => key !== name))),
    [],
  );

  const reset = useCallback((next: Partial<V> = {}) => {
    const fresh = { ...defaultValues, ...next };
    current.current = fresh;
    submitted.current = false;
    setValues(fresh);
    setErrors({});
    // The first values are the form's own: they set what a reset goes back to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Where the field `name` takes the focus when it is in error: its control's ref. */
  const focusTarget = (name: string) => (control: Focusable) => {
    controls.current.set(name, control);
  };

  /** The props of one text, text-area or select control: its value, its changes, its error. */
  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value as V[K]),
    ref: focusTarget(name),
  });

  /** Checks the form; `valid` gets what the schema made of it, with the fields as typed. */
  const handleSubmit = (valid: (data: z.output<S>, typed: V) => void | Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    submitted.current = true;
    const rules = await load();
    const typed = current.current;
    const result = check(rules, typed);
    setErrors(result.errors);
    if (Object.keys(result.errors).length > 0) return focusFirst(result.errors);
    await valid(result.data as z.output<S>, typed);
  };

  const getValues = useCallback(() => current.current, []);

  return { values, errors, field, focusTarget, load, setValue, setError, clearError, reset, getValues, handleSubmit };
}

export type SchemaForm<V extends Values> = ReturnType<typeof useSchemaForm<V, Schema>>;
