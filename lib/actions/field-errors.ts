/**
 * Puts an action's field errors on the form's own fields (useSchemaForm's `setError`), so that
 * each shows beside its control, linked by aria-describedby; returns the keys it placed, for
 * `ActionFailure` to leave out. A key like "tags.3" belongs to its field "tags".
 */
export function placeFieldErrors<F extends string>(
  fieldErrors: Record<string, string[]> | undefined,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }, options: { shouldFocus: boolean }) => void,
): string[] {
  const placed: string[] = [];
  const messages = new Map<F, string[]>();
  for (const [key, texts] of Object.entries(fieldErrors ?? {})) {
    const field = fields.find((name) => key === name || key.startsWith(`${name}.`));
    if (!field || texts.length === 0) continue;
    messages.set(field, [...(messages.get(field) ?? []), ...texts]);
    placed.push(key);
  }
  // The first field in error takes the focus, as a failed client-side check does.
  [...messages].forEach(([field, texts], index) =>
    setError(field, { type: "server", message: texts.join(" ") }, { shouldFocus: index === 0 }),
  );
  return placed;
}
