import { PATTERN_FLAGS } from "./pattern-problem";

/**
 * Word lists as one regular expression each. A term matches where it is not preceded or followed by
 * a letter or a digit, case-insensitively (Unicode), so `ass` is not found in `class` while
 * `usdt-drop.example` is found in `https://usdt-drop.example/claim`; a term may hold spaces and
 * punctuation. The terms are a trie written as a regular expression (`ca(?:t|r)` for `cat` and
 * `car`), so that a list of thousands costs about what one term does: at each place in a message only
 * the branch of its next letter is tried, not every term in turn.
 */

// What must be escaped outside a character class under the `u` flag (no other escape is allowed there).
const SYNTAX = /[\\^$.*+?()[\]{}|/]/;

type Node = { children: Map<string, Node>; end: boolean };

function trieOf(terms: Iterable<string>): Node {
  const root: Node = { children: new Map(), end: false };
  for (const term of terms) {
    let node = root;
    for (const char of term) {
      let child = node.children.get(char);
      if (!child) {
        child = { children: new Map(), end: false };
        node.children.set(char, child);
      }
      node = child;
    }
    node.end = true;
  }
  return root;
}

function sourceOf(node: Node): string {
  const branches = [...node.children]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([char, child]) => `${SYNTAX.test(char) ? `\\${char}` : char}${sourceOf(child)}`);
  if (branches.length === 0) return "";
  const alternatives = branches.length === 1 ? branches[0]! : `(?:${branches.join("|")})`;
  // A term that ends here, while longer ones go on: the longer are tried first, then the end.
  return node.end ? `(?:${alternatives})?` : alternatives;
}

/** Lowercase, trimmed and without repeats (case-insensitively): a list's terms as the matcher reads them. */
export function normalisedTerms(terms: Iterable<string>): string[] {
  const seen = new Set<string>();
  for (const term of terms) {
    const trimmed = term.trim().toLowerCase();
    if (trimmed !== "") seen.add(trimmed);
  }
  return [...seen];
}

/** One regular expression that finds any of `terms` as a word (see above); undefined for no terms. */
export function wordsRegExp(terms: Iterable<string>): RegExp | undefined {
  const words = normalisedTerms(terms);
  if (words.length === 0) return undefined;
  return new RegExp(`(?<![\\p{L}\\p{N}])${sourceOf(trieOf(words))}(?![\\p{L}\\p{N}])`, PATTERN_FLAGS);
}

/** The patterns that compile, each as the matcher compiles it. */
function validPatterns(patterns: Iterable<string>): string[] {
  const valid: string[] = [];
  for (const pattern of patterns) {
    try {
      new RegExp(pattern, PATTERN_FLAGS);
      valid.push(pattern);
    } catch {
      // Refused when stored (patternProblem): one from elsewhere that does not compile matches nothing.
    }
  }
  return valid;
}

/**
 * A test of text against patterns, each a regular expression found anywhere in the text (`contains`)
 * or matching all of it (`equals`), case-insensitively. One expression for them all, or one each when
 * they cannot be joined (a backreference counts its groups from the start of the whole).
 */
export function patternsTest(patterns: Iterable<string>, whole: boolean): ((text: string) => boolean) | undefined {
  const valid = validPatterns(patterns);
  if (valid.length === 0) return undefined;
  const wrap = (source: string) => (whole ? `^(?:${source})$` : source);
  if (!valid.some((pattern) => /\\[1-9]|\\k</.test(pattern))) {
    try {
      const joined = new RegExp(wrap(valid.map((pattern) => `(?:${pattern})`).join("|")), PATTERN_FLAGS);
      return (text) => joined.test(text);
    } catch {
      // Two patterns with a group of the same name: tested one by one below.
    }
  }
  const each = valid.map((pattern) => new RegExp(wrap(pattern), PATTERN_FLAGS));
  return (text) => each.some((expression) => expression.test(text));
}
