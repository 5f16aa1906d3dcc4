import { serverActionId } from "../../tests/support/server-actions";
import type { ConsoleServer } from "../../tests/support/console-server";

/** The bench's operator: the first admin of each console it starts. */
export const ADMIN = { email: "bench@example.com", password: "bench-password-123" };

export type Session = { cookie: string };

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

/** Signs in through Auth.js's own endpoints, as the sign-in form does. */
export async function signIn(server: ConsoleServer): Promise<Session> {
  const csrf = await fetch(`${server.baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const response = await fetch(`${server.baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.join("; ") },
    body: new URLSearchParams({ ...ADMIN, csrfToken, callbackUrl: "/" }),
  });
  const session = cookiesOf(response).find((cookie) => cookie.startsWith("authjs.session-token="));
  if (!session) throw new Error(`Sign-in failed: HTTP ${response.status}`);
  return { cookie: [...jar, session].join("; ") };
}

/** Calls a server action over HTTP, as the browser does, and returns its result. */
export async function callAction<T>(server: ConsoleServer, session: Session, name: string, input: unknown): Promise<T> {
  const id = serverActionId(name);
  const response = await fetch(`${server.baseUrl}/incidents`, {
    method: "POST",
    headers: {
      "Next-Action": id,
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
      Cookie: session.cookie,
    },
    body: JSON.stringify([input]),
  });
  const text = await response.text();
  const line = text.split("\n").find((row) => /^1:/.test(row));
  if (!line) throw new Error(`Unexpected answer of ${name}: ${text.slice(0, 300)}`);
  const result = JSON.parse(line.slice(2)) as { ok: boolean; data?: T; message?: string };
  if (!result.ok) throw new Error(`${name} failed: ${result.message}`);
  return result.data as T;
}
