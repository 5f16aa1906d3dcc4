/** The fields of the conversation tags form that can show an error of their own. */
export type TagsFormField = "onBehalfOf" | "tags" | "reason";

export type PlacedErrors = {
  fields: Partial<Record<TagsFormField, string>>;
  /** Errors of no visible field (the UID of the page, the form as a whole, keys the form does not know). */
  other: string[];
};

const FIELD_NAMES: readonly TagsFormField[] = ["onBehalfOf", "tags", "reason"];
const OTHER_LABELS: Record<string, string> = { uid: "UID of the conversation's other party" };
const TAG_PATH = /^tags\.(\d+)$/;
const PREVIEW_LENGTH = 24;

function isTagsFormField(key: string): key is TagsFormField {
  return (FIELD_NAMES as readonly string[]).includes(key);
}

/** "Tag 4 (“vip”): …": an error of one tag says which one, as the editor shows them all in one place. */
export function tagProblem(index: number, tags: readonly string[], message: string): string {
  const tag = tags[index];
  const preview =
    tag === undefined ? "" : ` (“${tag.length > PREVIEW_LENGTH ? `${tag.slice(0, PREVIEW_LENGTH)}…` : tag}”)`;
  return `Tag ${index + 1}${preview}: ${message}`;
}

/**
 * Places the server's `fieldErrors` (keys are zod paths: "onBehalfOf", "tags", "tags.3", "reason")
 * on the fields of the form; what belongs to no field is returned to be shown with the message.
 */
export function placeFieldErrors(
  fieldErrors: Record<string, string[]> | undefined,
  tags: readonly string[],
): PlacedErrors {
  const collected: Partial<Record<TagsFormField, string[]>> = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const text = messages.join(" ");
    if (text === "") continue;
    const tagMatch = TAG_PATH.exec(key);
    if (tagMatch) {
      (collected.tags ??= []).push(tagProblem(Number(tagMatch[1]), tags, text));
    } else if (isTagsFormField(key)) {
      (collected[key] ??= []).unshift(text);
    } else if (key === "form") {
      other.push(text);
    } else {
      other.push(`${OTHER_LABELS[key] ?? key}: ${text}`);
    }
  }
  const fields: PlacedErrors["fields"] = {};
  for (const field of FIELD_NAMES) {
    const messages = collected[field];
    if (messages && messages.length > 0) fields[field] = messages.join(" ");
  }
  return { fields, other };
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
