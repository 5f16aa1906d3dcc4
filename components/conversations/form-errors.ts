const PREVIEW_LENGTH = 24;

/** "Tag 4 (“vip”): …": an error of one tag says which one, as the editor shows them all in one place. */
function tagProblem(index: number, tags: readonly string[], message: string): string {
  const tag = tags[index];
  const preview =
    tag === undefined ? "" : ` (“${tag.length > PREVIEW_LENGTH ? `${tag.slice(0, PREVIEW_LENGTH)}…` : tag}”)`;
  return `Tag ${index + 1}${preview}: ${message}`;
}

function messageOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || !("message" in value)) return undefined;
  return typeof value.message === "string" && value.message !== "" ? value.message : undefined;
}

/**
 * One sentence for the form's error on the tags, whatever its shape: react-hook-form keeps an error of
 * the list as `tags` (or `tags.root`) and an error of one tag as `tags[3]`, and may hold both.
 */
export function tagsErrorMessage(error: unknown, tags: readonly string[]): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const parts: string[] = [];
  const own = messageOf(error);
  if (own) parts.push(own);
  const root = "root" in error ? messageOf(error.root) : undefined;
  if (root && root !== own) parts.push(root);
  for (const [key, value] of Object.entries(error)) {
    const message = /^\d+$/.test(key) ? messageOf(value) : undefined;
    if (message) parts.push(tagProblem(Number(key), tags, message));
  }
  return parts.length > 0 ? parts.join(" ") : undefined;
}
