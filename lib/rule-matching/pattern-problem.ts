import { RULE_LIMITS } from "./limits";

/**
 * The one check of a pattern (a regular expression of a keyword list or a rule's condition): the
 * service refuses what it finds, the console's form shows it at the field. The vendor refuses greedy
 * patterns (`.*`, `.+`, nested or unbounded quantifiers); what counts as one here is ours, where it
 * is silent: every unbounded quantifier (`*`, `+`, `{n,}`) and every repeated group that itself
 * holds a quantifier, as those are what make a regular expression slow on a long message.
 */

/** The flags every pattern is compiled with: case-insensitive, Unicode. */
export const PATTERN_FLAGS = "iu";

type Atom = { text: string; quantified: boolean; isAny: boolean };
type Group = { start: number; quantified: boolean };

/** The end (exclusive) of the escape that starts at `i` (a backslash). */
function escapeEnd(pattern: string, i: number): number {
  const next = pattern[i + 1];
  if ((next === "p" || next === "P" || next === "u") && pattern[i + 2] === "{") {
    const close = pattern.indexOf("}", i + 2);
    return close === -1 ? pattern.length : close + 1;
  }
  if (next === "k" && pattern[i + 2] === "<") {
    const close = pattern.indexOf(">", i + 2);
    return close === -1 ? pattern.length : close + 1;
  }
  if (next === "u") return i + 6;
  if (next === "x") return i + 4;
  if (next === "c") return i + 3;
  return i + 2;
}

/** The end (exclusive) of the character class that starts at `i` (a `[`). */
function classEnd(pattern: string, i: number): number {
  let at = i + 1;
  if (pattern[at] === "^") at += 1;
  while (at < pattern.length && pattern[at] !== "]") at = pattern[at] === "\\" ? escapeEnd(pattern, at) : at + 1;
  return at + 1;
}

/** The length of `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!` or `(?<name>` at `i`. */
function groupPrefixLength(pattern: string, i: number): number {
  if (pattern[i + 1] !== "?") return 1;
  const rest = pattern.slice(i + 2);
  if (rest.startsWith("<=") || rest.startsWith("<!")) return 4;
  if (rest.startsWith("<")) return 3 + Math.max(rest.indexOf(">"), 0);
  return 3;
}

/** The quantifier at `i`, if one starts there: its text and its bounds. */
function quantifierAt(pattern: string, i: number): { text: string; max: number } | undefined {
  const char = pattern[i];
  if (char === "*" || char === "+") return { text: char, max: Infinity };
  if (char === "?") return { text: char, max: 1 };
  if (char !== "{") return undefined;
  const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
  if (!match) return undefined;
  const max = match[2] === undefined ? Number(match[1]) : match[3] === "" ? Infinity : Number(match[3]);
  return { text: match[0], max };
}

function greedyMessage(atom: Atom, quantifier: string): string {
  const shown = `${atom.text}${quantifier}`;
  if (atom.isAny) {
    const least = quantifier === "+" ? 1 : (/^\{(\d+)/.exec(quantifier)?.[1] ?? "0");
    return `\`${shown}\` matches anything of any length: the vendor refuses greedy patterns; name what may come between, such as \`.{${least},20}\`.`;
  }
  const least = quantifier === "+" ? "1" : quantifier === "*" ? "0" : (/^\{(\d+)/.exec(quantifier)?.[1] ?? "0");
  return `\`${shown}\` repeats without a limit: the vendor refuses greedy patterns; give it a bound, such as \`${atom.text}{${least},20}\`.`;
}

const nestedMessage = (shown: string) =>
  `\`${shown}\` repeats a group that itself repeats: the vendor refuses nested quantifiers, which can take a very long time on some messages; repeat the inside or the group, not both.`;

/** Whether `pattern` repeats without a limit, or repeats a repeating group: the first such place, in words. */
function greedyProblem(pattern: string): string | undefined {
  const groups: Group[] = [];
  let last: Atom | undefined;
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i]!;
    const quantifier = quantifierAt(pattern, i);
    if (quantifier && last) {
      const repeats = quantifier.max > 1;
      if (repeats && last.quantified) return nestedMessage(`${last.text}${quantifier.text}`);
      if (quantifier.max === Infinity) return greedyMessage(last, quantifier.text);
      for (const group of groups) group.quantified = true;
      i += quantifier.text.length;
      // A lazy quantifier's `?` belongs to it.
      if (pattern[i] === "?") i += 1;
      last = undefined;
      continue;
    }
    let end = i + 1;
    if (char === "\\") end = escapeEnd(pattern, i);
    else if (char === "[") end = classEnd(pattern, i);
    else if (char === "(") {
      groups.push({ start: i, quantified: false });
      last = undefined;
      i += groupPrefixLength(pattern, i);
      continue;
    } else if (char === ")") {
      const group = groups.pop();
      const start = group?.start ?? 0;
      last = { text: pattern.slice(start, i + 1), quantified: group?.quantified ?? false, isAny: false };
      // A repeated group inside a group makes the outer one hold a quantifier too.
      if (group?.quantified) for (const outer of groups) outer.quantified = true;
      i += 1;
      continue;
    } else if (char === "|" || char === "^" || char === "$") {
      last = undefined;
      i += 1;
      continue;
    }
    last = { text: pattern.slice(i, end), quantified: false, isAny: char === "." };
    i = end;
  }
  return undefined;
}

/** Why `pattern` may not be used, in plain words, or undefined when it may. */
export function patternProblem(pattern: string): string | undefined {
  if (pattern.trim() === "") return "A pattern must not be empty.";
  if (pattern.length > RULE_LIMITS.patternLength)
    return `A pattern must be at most ${RULE_LIMITS.patternLength} characters (this one has ${pattern.length}).`;
  try {
    new RegExp(pattern, PATTERN_FLAGS);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `Not a valid regular expression (${reason}).`;
  }
  return greedyProblem(pattern);
}

/**
 * Why `term` may not be a search term of a list (or a literal value of a condition) of `category`:
 * a pattern is checked as one, a word or sentence must not be empty or too long, and a word cannot
 * hold a comma (words are sent comma-separated).
 */
export function keywordProblem(term: string, category: "word" | "pattern" | "sentence-similarity" = "word") {
  if (category === "pattern") return patternProblem(term);
  if (term.trim() === "") return "A keyword must not be empty.";
  if (term.length > RULE_LIMITS.keywordLength)
    return `A keyword must be at most ${RULE_LIMITS.keywordLength} characters (this one has ${term.length}).`;
  if (category === "word" && term.includes(","))
    return "A word may not contain a comma: words are sent comma-separated, so this would be two words.";
  return undefined;
}
