import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";

/**
 * Auth.js builds its URLs (the identity provider's redirect URI above all) from the request's URL.
 * Next gives a route handler its own idea of that URL (http://localhost:<port> for any loopback
 * address, whatever the browser asked for), while the sign-in action builds them from the forwarded
 * headers: so here too the URL is the console's public origin, which scripts/serve.ts has written into
 * X-Forwarded-Host and X-Forwarded-Proto (lib/security/public-origin.ts). A plain Request, since a
 * NextRequest would write 127.0.0.1 as localhost again.
 */
function atThePublicOrigin(request: NextRequest): NextRequest {
  const host = request.headers.get("x-forwarded-host");
  const protocol = request.headers.get("x-forwarded-proto") ?? "http";
  if (!host) return request;
  const url = `${protocol}://${host}${request.nextUrl.pathname}${request.nextUrl.search}`;
  // Auth.js reads only what a Request has (without AUTH_URL, which lib/env-sso.ts refuses).
  return new Request(url, request) as NextRequest;
}

export const GET = (request: NextRequest) => handlers.GET(atThePublicOrigin(request));
export const POST = (request: NextRequest) => handlers.POST(atThePublicOrigin(request));
