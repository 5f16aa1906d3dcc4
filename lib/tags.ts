/**
 * Tags as the console reasons about them: a record's tags are known only when the service sent a
 * `tags` list (the vendor's own records often carry none, which is not the same as no tags).
 */
export function tagsOf(record: { tags?: unknown } | undefined): string[] | null {
  if (!record || !Array.isArray(record.tags)) return null;
  return record.tags.filter((tag): tag is string => typeof tag === "string");
}

/** The same tags, whatever their order. */
export function sameTags(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const left = [...a].sort();
  const right = [...b].sort();
  return left.every((tag, index) => tag === right[index]);
}

/** What a save changes: the tags it adds and those it removes, each in the order shown. */
export function tagChanges(before: readonly string[], after: readonly string[]) {
  return {
    added: after.filter((tag) => !before.includes(tag)),
    removed: before.filter((tag) => !after.includes(tag)),
  };
}
