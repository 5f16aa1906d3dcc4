import { randomUUID } from "node:crypto";
import { getEnv, type TrustProxy } from "@/lib/env";
import { PEER_ADDRESS_HEADER, REQUEST_ID_HEADER } from "@/lib/security/trusted-headers";

/** Who asked: what the action log records of every request. */
export type RequestInfo = {
  /** Made by the console (proxy.ts) for every request; never taken from the client's X-Request-Id. */
  requestId: string;
  ip: string | null;
  userAgent: string | null;
};

/** "::ffff:10.0.0.1" and "10.0.0.1" are one address. */
const normalise = (address: string) =>
  address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.)/, "");

/**
 * The client's address: the socket's peer, as the console's server recorded it, unless TRUST_PROXY
 * says which proxies in front of the console to believe about `X-Forwarded-For`. The list is read
 * from the right (nearest hop first) and only past proxies that are trusted.
 */
export function clientAddress(peer: string | null, forwardedFor: string | null, trust: TrustProxy): string | null {
  if (!peer) return null;
  const hops = [...(forwardedFor ?? "").split(",").map(normalise).filter(Boolean), normalise(peer)];
  let index = hops.length - 1;
  if ("hops" in trust) index = Math.max(0, index - trust.hops);
  else while (index > 0 && trust.addresses.includes(hops[index]!)) index -= 1;
  return hops[index]!.slice(0, 64);
}

/** Reads it from a request's headers, as the console's server and proxy.ts left them. */
export function requestInfoOf(headers: Headers, trust: TrustProxy = getEnv().trustProxy): RequestInfo {
  return {
    requestId: headers.get(REQUEST_ID_HEADER) ?? randomUUID(),
    ip: clientAddress(headers.get(PEER_ADDRESS_HEADER), headers.get("x-forwarded-for"), trust),
    userAgent: headers.get("user-agent"),
  };
}
