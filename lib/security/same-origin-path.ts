/**
 * Where a `callbackUrl` may send an operator: a path of this console, never another site. The value
 * is resolved as a browser would (which drops tabs and new lines, and reads `//host` or `/\host` as
 * another host) and kept only when the result has the console's own origin. Pure, so that the
 * server and the sign-in form apply the same rule.
 */
export function sameOriginPath(value: unknown, origin: string): string {
  if (typeof value !== "string" || value === "") return "/";
  let resolved: URL;
  try {
    resolved = new URL(value, origin);
  } catch {
    return "/";
  }
  if (resolved.origin !== new URL(origin).origin) return "/";
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
