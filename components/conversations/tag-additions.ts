import { MAX_TAG_LENGTH, MAX_TAGS } from "@/lib/conversations/limits";

/** Separators of a typed or pasted list of tags: commas, and the lines and cells of a pasted table. */
const SEPARATORS = /[,\t\r\n]/;

export function hasTagSeparator(text: string): boolean {
  return SEPARATORS.test(text);
}

/** The raw parts of a list such as "a, b\nc"; empty parts are kept so that the caller sees them. */
export function splitTagList(text: string): string[] {
  return text.split(SEPARATORS);
}

export type TagAddition = {
  /** The tags after the addition, in the order they were given. */
  tags: string[];
  added: string[];
  /** Tags that were refused but whose text would be lost: too long, or over the limit. */
  leftOver: string[];
  /** What was refused and why, in sentences; undefined when everything given was added. */
  message?: string;
};

const PREVIEW_LENGTH = 24;

function quoted(tag: string): string {
  return `“${tag.length > PREVIEW_LENGTH ? `${tag.slice(0, PREVIEW_LENGTH)}…` : tag}”`;
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * Adds `candidates` to `current` under the rules of the shared schema (trimmed, not empty, unique,
 * at most MAX_TAG_LENGTH characters, at most MAX_TAGS tags), so the editor refuses while typing what
 * the form would refuse on submit. Lengths are counted as zod counts them (UTF-16 code units).
 */
export function addTags(current: readonly string[], candidates: readonly string[]): TagAddition {
  const tags = [...current];
  const added: string[] = [];
  const leftOver: string[] = [];
  const duplicates: string[] = [];
  const tooLong: string[] = [];
  const overLimit: string[] = [];
  let given = 0;
  let empty = 0;

  for (const raw of candidates) {
    const tag = raw.trim();
    if (tag === "") {
      empty += 1;
      continue;
    }
    given += 1;
    if (tags.includes(tag)) {
      if (!duplicates.includes(tag)) duplicates.push(tag);
    } else if (tag.length > MAX_TAG_LENGTH) {
      tooLong.push(tag);
      leftOver.push(tag);
    } else if (tags.length >= MAX_TAGS) {
      overLimit.push(tag);
      leftOver.push(tag);
    } else {
      tags.push(tag);
      added.push(tag);
    }
  }

  const problems: string[] = [];
  // Empty parts of a pasted list ("a,,b", a trailing comma) are noise; an empty tag on its own is a mistake.
  if (given === 0 && empty > 0) problems.push("A tag cannot be empty.");
  if (duplicates.length === 1) problems.push(`${quoted(duplicates[0] ?? "")} is already a tag.`);
  if (duplicates.length > 1) problems.push(`${listOf(duplicates.map(quoted))} are already tags.`);
  if (tooLong.length === 1 && given === 1) {
    problems.push(`A tag may have at most ${MAX_TAG_LENGTH} characters; this one has ${tooLong[0]?.length}.`);
  } else if (tooLong.length === 1) {
    const [tag = ""] = tooLong;
    problems.push(`A tag may have at most ${MAX_TAG_LENGTH} characters; ${quoted(tag)} has ${tag.length}.`);
  } else if (tooLong.length > 1) {
    problems.push(`A tag may have at most ${MAX_TAG_LENGTH} characters; ${tooLong.length} of these are longer.`);
  }
  if (overLimit.length > 0) {
    const notAdded =
      given === 1
        ? ""
        : overLimit.length === 1
          ? `; ${quoted(overLimit[0] ?? "")} was not added`
          : `; ${overLimit.length} were not added`;
    problems.push(`A conversation may have at most ${MAX_TAGS} tags${notAdded}.`);
  }
  if (leftOver.length > 0 && given > 1) problems.push("Tags not added are left in the input.");

  return { tags, added, leftOver, message: problems.length > 0 ? problems.join(" ") : undefined };
}
