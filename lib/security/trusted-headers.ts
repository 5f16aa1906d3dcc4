/**
 * Request headers only the console sets. Whatever a client sends under these names is replaced
 * before any code reads it: the peer address by the console's server (scripts/serve.ts), the
 * request id by proxy.ts.
 */
export const PEER_ADDRESS_HEADER = "x-console-peer-address";
export const REQUEST_ID_HEADER = "x-console-request-id";
