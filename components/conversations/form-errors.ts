const PREVIEW_LENGTH = 24;

/** "Tag 4 (“vip”): …": an error of one tag says which one, as the editor shows them all in one place. */
function tagProblem(index: number, tags: readonly string[], message: string): string {
  const tag = tags[index];
  const preview =
    tag === undefined ? "" : ` (“${tag.length > PREVIEW_LENGTH ? `${tag.slice(0, PREVIEW_LENGTH)}…` : tag}”)`;
  return `Tag ${index + 1}${preview}: ${message}`;
}

/**
 * Where the tags form shows an issue of its schema, in which words: an error of the list as it is,
 * an error of one tag (its path "tags.3") on the tags field too, naming the tag.
 */
export function placeTagIssue(
  issue: { path: PropertyKey[]; message: string },
  values: { tags: readonly string[] },
): { field: string; message: string } {
  const [field, index] = issue.path;
  if (field === "tags" && typeof index === "number")
    return { field, message: tagProblem(index, values.tags, issue.message) };
  return { field: String(field ?? "form"), message: issue.message };
}
