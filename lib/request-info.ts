import { randomUUID } from "node:crypto";

/** Who asked: what the action log records of every request. */
export type RequestInfo = { requestId: string; ip: string | null; userAgent: string | null };

/**
 * Reads it from a request's headers: the id proxy.ts gave the request (or a new one), the client's
 * address as the nearest proxy reports it, and its user agent.
 */
export function requestInfoOf(headers: Headers): RequestInfo {
  return {
    requestId: headers.get("x-request-id") ?? randomUUID(),
    ip: headers.get("x-forwarded-for")?.split(",")[0]?.trim() || headers.get("x-real-ip") || null,
    userAgent: headers.get("user-agent"),
  };
}
