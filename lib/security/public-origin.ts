import type { IncomingHttpHeaders } from "node:http";

export type PublicOrigin = { protocol: "http" | "https"; host: string };

/** The first value of a header that a chain of proxies may have written as a list. */
function first(value: string | string[] | undefined): string | undefined {
  const whole = Array.isArray(value) ? value[0] : value;
  const head = whole?.split(",")[0]?.trim();
  return head === "" ? undefined : head;
}

/**
 * The origin people reach the console at, one value for a whole request: CONSOLE_URL when it is set;
 * else the proxy's X-Forwarded-Host and X-Forwarded-Proto; else the request's own Host. The console's
 * server (scripts/serve.ts) writes it into X-Forwarded-Host and X-Forwarded-Proto of every request,
 * so that everything after it reads this one value: Next's origin check of server actions, Auth.js's
 * sign-in action (the redirect URI it sends the identity provider) and Auth.js's routes (the redirect
 * URI of the code exchange), which must agree or the provider refuses the code.
 */
export function publicOriginOf(
  headers: IncomingHttpHeaders,
  encrypted: boolean,
  configured: string | undefined,
): PublicOrigin | undefined {
  if (configured) {
    const url = new URL(configured);
    return { protocol: url.protocol === "https:" ? "https" : "http", host: url.host };
  }
  const host = first(headers["x-forwarded-host"]) ?? first(headers.host);
  if (!host) return undefined;
  const forwarded = first(headers["x-forwarded-proto"])?.toLowerCase();
  const protocol = forwarded === "https" || (forwarded === undefined && encrypted) ? "https" : "http";
  return { protocol, host };
}
