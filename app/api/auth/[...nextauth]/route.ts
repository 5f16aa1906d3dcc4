import { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";

/**
 * Auth.js builds its URLs (the identity provider's redirect URI above all) from the request's URL.
 * Behind the console's own server, Next gives a route handler http://localhost:<port> whatever host
 * the browser asked for, while the sign-in action builds them from the Host header: the two must
 * agree, or the provider refuses the code exchange (redirect_uri differs). So here too the URL is
 * the one the browser used, as `trustHost` means (X-Forwarded-Host and -Proto first, for a proxy).
 * Next writes a loopback address (127.0.0.1, [::1]) as localhost in any case: locally, browse the
 * console at http://localhost:<port>, the host of the redirect URI registered with the provider.
 */
function asTheBrowserAsked(request: NextRequest): NextRequest {
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (!host) return request;
  const protocol = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? "http";
  const url = new URL(`${request.nextUrl.pathname}${request.nextUrl.search}`, `${protocol}://${host}`);
  return new NextRequest(url, request);
}

export const GET = (request: NextRequest) => handlers.GET(asTheBrowserAsked(request));
export const POST = (request: NextRequest) => handlers.POST(asTheBrowserAsked(request));
