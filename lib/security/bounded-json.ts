import { LONE_SURROGATE } from "./unstorable";

/**
 * What the chat service answers is what its users typed, and the service may misbehave: before the
 * console shows, logs or passes on any of it, a value is cut to a bounded depth and size, and the
 * secrets it must never repeat are hidden. Every step is bounded by these limits, so that a hostile
 * answer (20,000 levels of nesting, megabytes of text) costs little and renders as a marker.
 */
const JSON_LIMITS = { depth: 32, nodes: 20_000, stringLength: 20_000 } as const;

const HIDDEN = "<hidden>";

/**
 * `nodes`: the values read of one answer, when a call knows its answers to be larger (a page of the
 * vendor's most messages); 20,000 otherwise.
 */
type Options = {
  secrets?: readonly string[];
  nodes?: number;
  /** Told when the value has more than `nodes` values, the rest cut. */
  onOverflow?: () => void;
};

export function boundJson(value: unknown, options: Options = {}): unknown {
  const secrets = (options.secrets ?? []).filter((secret) => secret.length > 0);
  const maxNodes = options.nodes ?? JSON_LIMITS.nodes;
  const overflow = `[more than ${maxNodes.toLocaleString("en")} values: the rest is not shown]`;
  let nodes = 0;
  // Text shorter than every secret cannot hold one: most keys and values are.
  const shortest = Math.min(...secrets.map((secret) => secret.length));
  const text = (value: string): string => {
    let shown = value;
    if (shown.length >= shortest)
      for (const secret of secrets) if (shown.includes(secret)) shown = shown.split(secret).join(HIDDEN);
    return shown.length > JSON_LIMITS.stringLength
      ? `${shown.slice(0, JSON_LIMITS.stringLength)}… (${shown.length} characters in all)`
      : shown;
  };
  // A value that needs no change is returned as it is, not copied: a page of 1,000 messages is
  // some 40,000 values, read on every page of a search.
  const walk = (item: unknown, depth: number): unknown => {
    nodes += 1;
    if (nodes > maxNodes) {
      if (nodes === maxNodes + 1) options.onOverflow?.();
      return overflow;
    }
    if (typeof item === "string") return text(item);
    if (item === null || typeof item !== "object")
      return typeof item === "number" && !Number.isFinite(item) ? null : item;
    if (depth >= JSON_LIMITS.depth) return `[nested deeper than ${JSON_LIMITS.depth} levels: not shown]`;
    if (Array.isArray(item)) {
      const length = Math.min(item.length, maxNodes);
      let copy: unknown[] | undefined = length < item.length ? item.slice(0, 0) : undefined;
      for (let index = 0; index < length; index += 1) {
        const entry: unknown = item[index];
        const shown = walk(entry, depth + 1);
        if (!copy && shown !== entry) copy = item.slice(0, index);
        copy?.push(shown);
      }
      return copy ?? item;
    }
    if (item instanceof Date) return item;
    const record = item as Record<string, unknown>;
    const keys = Object.keys(record);
    const firstOf = (count: number) => Object.fromEntries(keys.slice(0, count).map((key) => [key, record[key]]));
    let copy: Record<string, unknown> | undefined;
    for (let index = 0; index < keys.length; index += 1) {
      if (nodes > maxNodes) {
        copy ??= firstOf(index);
        break;
      }
      const key = keys[index]!;
      const shownKey = text(key);
      const shown = walk(record[key], depth + 1);
      if (!copy && (shownKey !== key || shown !== record[key])) copy = firstOf(index);
      if (copy) copy[shownKey] = shown;
    }
    return copy ?? item;
  };
  return walk(value, 0);
}

/**
 * Text as the action log can store it: PostgreSQL refuses NUL in text and JSON, and lone
 * surrogates, so each is written as its escape (`\u0000`), visibly, instead of losing the entry.
 */
export function storableText(value: string): string {
  return value
    .replaceAll("\u0000", "\\u0000")
    .replace(LONE_SURROGATE, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A value as the action log stores it: bounded, and every string and key storable. */
export function storableJson(value: unknown): unknown {
  const walk = (item: unknown): unknown => {
    if (typeof item === "string") return storableText(item);
    if (item === null || typeof item !== "object" || item instanceof Date) return item;
    if (Array.isArray(item)) return item.map(walk);
    return Object.fromEntries(Object.entries(item).map(([key, entry]) => [storableText(key), walk(entry)]));
  };
  // Bounded first, so that the walk above never goes deeper than the limit.
  return walk(boundJson(value));
}
