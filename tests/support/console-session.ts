import { request as httpRequest } from "node:http";
import type { ConsoleServer } from "./console-server";
import { serverActionId } from "./server-actions";

export type Session = { cookie: string };

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

/** The session cookie a response sets, if any ("" when it clears it). */
export function sessionCookieOf(response: Response): string | undefined {
  return cookiesOf(response)
    .find((cookie) => cookie.startsWith("authjs.session-token="))
    ?.slice("authjs.session-token=".length);
}

/** A CSRF token and its cookie, as Auth.js's own forms use them. */
export async function csrfOf(server: ConsoleServer): Promise<{ csrfToken: string; cookie: string }> {
  const response = await fetch(`${server.baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { csrfToken, cookie: cookiesOf(response).join("; ") };
}

/** Signs in through Auth.js's own endpoints, as the sign-in form does; `headers` are sent along. */
export async function trySignIn(
  server: ConsoleServer,
  credentials: { email: string; password: string },
  options: { headers?: Record<string, string>; from?: string } = {},
): Promise<Session | undefined> {
  const csrf = await csrfOf(server);
  const response = await postFrom(
    options.from ?? "127.0.0.1",
    `${server.baseUrl}/api/auth/callback/credentials`,
    { "Content-Type": "application/x-www-form-urlencoded", Cookie: csrf.cookie, ...options.headers },
    new URLSearchParams({ ...credentials, csrfToken: csrf.csrfToken, callbackUrl: "/" }).toString(),
  );
  const session = sessionCookieOf(response);
  return session ? { cookie: `${csrf.cookie}; authjs.session-token=${session}` } : undefined;
}

export async function signIn(server: ConsoleServer, credentials: { email: string; password: string }) {
  const session = await trySignIn(server, credentials);
  if (!session) throw new Error(`Sign-in of ${credentials.email} failed`);
  return session;
}

/** Calls a server action over HTTP, as the browser does, and returns its whole result. */
export async function callActionOver<T>(
  server: ConsoleServer,
  session: Session,
  name: string,
  input: unknown,
  page = "/incidents",
): Promise<
  { ok: true; data: T } | { ok: false; message: string; code?: string; fieldErrors?: Record<string, string[]> }
> {
  const response = await fetch(`${server.baseUrl}${page}`, {
    method: "POST",
    headers: {
      "Next-Action": serverActionId(name),
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
      Cookie: session.cookie,
    },
    body: JSON.stringify([input]),
  });
  const text = await response.text();
  const line = text.split("\n").find((row) => /^1:/.test(row));
  if (!line) throw new Error(`Unexpected answer of ${name} (HTTP ${response.status}): ${text.slice(0, 300)}`);
  return JSON.parse(line.slice(2)) as never;
}

/** Reads one of the console's GET routes (`/api/…`) as the browser does, and returns its whole answer. */
export async function readOver<T>(
  server: ConsoleServer,
  session: Session,
  path: string,
): Promise<{
  status: number;
  cacheControl: string | null;
  body: { ok: true; data: T } | { ok: false; message: string; code?: string };
}> {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: session.cookie } });
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    body: (await response.json()) as never,
  };
}

/** The action log's entries of a filter, through the export route, newest first. */
export async function exportedEntries(
  server: ConsoleServer,
  session: Session,
  filter: Record<string, string>,
): Promise<Array<Record<string, unknown>>> {
  const query = new URLSearchParams({ format: "ndjson", ...filter });
  const response = await fetch(`${server.baseUrl}/audit/export?${query}`, { headers: { Cookie: session.cookie } });
  if (!response.ok) throw new Error(`Export failed: HTTP ${response.status} ${await response.text()}`);
  return (await response.text())
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A POST sent from a given local address (any of 127.0.0.0/8), so that the console sees another client. */
function postFrom(localAddress: string, url: string, headers: Record<string, string>, body: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: "POST", headers, localAddress }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(answer.headers))
          for (const item of [value ?? []].flat()) responseHeaders.append(name, item);
        resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode, headers: responseHeaders }));
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}
