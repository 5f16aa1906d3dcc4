import { NextResponse, type NextRequest } from "next/server";
import { FRAME_ANCESTORS } from "@/lib/security/response-headers.mjs";
import { REQUEST_ID_HEADER } from "@/lib/security/trusted-headers";

// The routes under /api/ answer for themselves: Auth.js's, and the reads that check the session and
// answer 401 in JSON, which a script in the page can read where it could not follow a redirect.
const PUBLIC_PATHS = [/^\/login$/, /^\/api\//];
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
 * A server action's arguments arrive as JSON (text/plain): a body that is not JSON is the client's
 * error, answered 400 here, where Next would answer 500. Arguments that are JSON but not what the
 * action takes are the action's to refuse (invalid input).
 */
async function hasUnreadableActionArguments(request: NextRequest): Promise<boolean> {
  if (request.method !== "POST" || !request.headers.has("next-action")) return false;
  if (!request.headers.get("content-type")?.startsWith("text/plain")) return false;
  try {
    JSON.parse(await request.clone().text());
    return false;
  } catch {
    return true;
  }
}

/**
 * Runs before every page: unreadable action arguments refused, a fresh CSP nonce for the page's scripts, a request id for the action
 * log, and a redirect to sign in when there is no session cookie at all. The cookie is only a
 * hint here; every page and every server action checks the session itself.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (await hasUnreadableActionArguments(request))
    return new NextResponse("The server action's arguments are not valid JSON.\n", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
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
