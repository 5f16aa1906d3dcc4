/**
 * What PostgreSQL cannot store in text: NUL, and a lone half of a surrogate pair. Apart from
 * ./bounded-json.ts, so that a form checking a field in the browser takes only this.
 */

/** A lone half of a surrogate pair: no character, and text PostgreSQL cannot store. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether text holds a NUL or a lone surrogate: what a form refuses, naming the field. */
export function unstorableCharacter(value: string): "NUL" | "surrogate" | undefined {
  if (value.includes("\u0000")) return "NUL";
  return value.replace(LONE_SURROGATE, "") === value ? undefined : "surrogate";
}
