import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn } from "./cn";

const CONTROL = "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400";

type FieldParts = { id: string; label: ReactNode; hint?: ReactNode; error?: string };

/**
 * Label, hint and error of one form control, around it; the control is described by both, so readers
 * announce them, and marked invalid while there is an error.
 */
function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: FieldParts & { children: (control: { "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode }) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {children({ "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const border = (error: string | undefined) => (error ? "border-red-600" : "border-slate-300");

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & FieldParts & { ref?: Ref<HTMLInputElement> };

export function TextField({ id, label, hint, error, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(described) => <input id={id} className={cn(CONTROL, border(error), className)} {...described} {...input} />}
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> &
  FieldParts & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({ id, label, hint, error, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(described) => (
        <textarea id={id} className={cn(CONTROL, border(error), className)} {...described} {...textarea} />
      )}
    </FieldFrame>
  );
}

/** Selects take no shadow: the native control draws its own edge. */
const SELECT = "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm";

type SelectOption = { value: string; label: ReactNode };

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "children"> &
  FieldParts & { ref?: Ref<HTMLSelectElement> } & (
    { options: readonly SelectOption[]; children?: never } | { options?: never; children: ReactNode }
  );

export function SelectField({ id, label, hint, error, options, children, className, ...select }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(described) => (
        <select id={id} className={cn(SELECT, border(error), className)} {...described} {...select}>
          {options
            ? options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))
            : children}
        </select>
      )}
    </FieldFrame>
  );
}

/** For a field that takes UIDs: no spelling, capitals or autofill, in a typeface where l and 1 differ. */
export const UID_INPUT = {
  spellCheck: false,
  autoCapitalize: "none",
  autoComplete: "off",
  className: "font-mono",
} as const;

/** The optional reason an action is recorded with. */
export const REASON_FIELD = { label: "Reason", hint: "Recorded in the action log.", rows: 2 } as const;

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> & { id: string; label: ReactNode };

/** A checkbox with its label beside it. */
export function CheckboxField({ id, label, className, ...input }: CheckboxFieldProps) {
  return (
    <label htmlFor={id} className={cn("flex items-center gap-2 text-sm font-medium text-slate-800", className)}>
      <input id={id} type="checkbox" className="size-4 accent-brand-600" {...input} />
      {label}
    </label>
  );
}
