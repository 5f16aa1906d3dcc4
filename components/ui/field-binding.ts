import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";

/**
 * What a field of a react-hook-form form needs, in one spread: its registration under `name` and
 * that field's error. `<TextField id="email" label="Email" {...fieldBinding(form, "email")} />`.
 */
export function fieldBinding<T extends FieldValues>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the form's transformed output type does not matter here
  form: UseFormReturn<T, any, any>,
  name: FieldPath<T>,
) {
  return { error: form.getFieldState(name, form.formState).error?.message, ...form.register(name) };
}
