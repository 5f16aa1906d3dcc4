import { NextResponse, type NextRequest } from "next/server";
import { FRAME_ANCESTORS } from "@/lib/security/response-headers.mjs";
import { REQUEST_ID_HEADER } from "@/lib/security/trusted-headers";

const PUBLIC_PATHS = [/^\/login$/, /^\/api\/auth\//];
const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token(\.\d+)?$/;

function contentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    // React needs eval only for its development error overlays; production has no 'unsafe-eval'.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    // Avatars and group icons are the chat service's https URLs.
    "img-src 'self' https: data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    FRAME_ANCESTORS,
  ].join("; ");
}

/**
 * Runs before every page: a fresh CSP nonce for the page's scripts, a request id for the action
 * log, and a redirect to sign in when there is no session cookie at all. The cookie is only a
 * hint here; every page and every server action checks the session itself.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const hasSession = request.cookies.getAll().some((cookie) => SESSION_COOKIE.test(cookie.name));
  if (!hasSession && !PUBLIC_PATHS.some((pattern) => pattern.test(pathname))) {
    const login = new URL("/login", request.url);
    if (pathname !== "/") login.searchParams.set("callbackUrl", `${pathname}${search}`);
    return NextResponse.redirect(login);
  }

  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  // The log's request id is always the console's own: its server (scripts/serve.ts) replaces
  // whatever a client sent under this name with one it makes, which its request log records too.
  if (!requestHeaders.has(REQUEST_ID_HEADER)) requestHeaders.set(REQUEST_ID_HEADER, crypto.randomUUID());

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      // The health and readiness probes need no session, page or CSP: they skip it altogether.
      source: "/((?!v3/|v3$|api/health$|api/ready$|_next/static|_next/image|favicon.ico|icon.svg).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
