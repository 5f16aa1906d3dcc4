// Plain JavaScript: next.config.mjs loads it as it is, and the TypeScript servers through
// ./response-headers.d.mts. The one definition of the headers every answer carries.

/** The Content-Security-Policy directive that keeps every answer out of other sites' frames. */
export const FRAME_ANCESTORS = "frame-ancestors 'none'";

/**
 * Headers of every answer of the process: pages, files, the console's API routes, the chat API under
 * /v3, their errors and 404s. A page's Content-Security-Policy, which needs a fresh nonce each time, is
 * set in proxy.ts (with `FRAME_ANCESTORS`).
 */
export const SECURITY_HEADERS = {
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** Answers that are data, never a page (the chat API): they load nothing and are never framed. */
export const API_SECURITY_HEADERS = {
  ...SECURITY_HEADERS,
  "Content-Security-Policy": `default-src 'none'; ${FRAME_ANCESTORS}`,
};
