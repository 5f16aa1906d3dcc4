import type { ConsoleServer } from "../../tests/support/console-server";
import { callActionOver, signIn as signInAs, type Session } from "../../tests/support/console-session";

export type { Session };

/** The bench's operator: the first admin of each console it starts. */
export const ADMIN = { email: "bench@example.com", password: "bench-password-123" };

/** Signs the bench's operator in through Auth.js's own endpoints, as the sign-in form does. */
export const signIn = (server: ConsoleServer): Promise<Session> => signInAs(server, ADMIN);

/** Calls a server action over HTTP, as the browser does, and returns its data; a refusal is an error. */
export async function callAction<T>(server: ConsoleServer, session: Session, name: string, input: unknown): Promise<T> {
  const result = await callActionOver<T>(server, session, name, input);
  if (!result.ok) throw new Error(`${name} failed: ${result.message}`);
  return result.data;
}
