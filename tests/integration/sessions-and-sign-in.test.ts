import { decode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";
import {
  callActionOver,
  csrfOf,
  exportedEntries,
  sessionCookieOf,
  signIn,
  trySignIn,
  type Session,
} from "../support/console-session";

const ADMIN = { email: "admin@example.com", password: "admin-password-123" };
const AUTH_SECRET = "a-test-secret-of-at-least-thirty-two-characters";
const SALT = "authjs.session-token";

const tokenOf = (session: Session) => /authjs\.session-token=([^;]+)/.exec(session.cookie)![1]!;
const expiryOf = async (token: string) => (await decode({ token, secret: AUTH_SECRET, salt: SALT }))?.exp;

describe.each(await databaseKinds())("sessions and sign-in limits on %s", (database) => {
  let server: ConsoleServer;
  let admin: Session;

  beforeAll(async () => {
    server = await startConsole({
      database,
      env: {
        CONSOLE_ADMIN_EMAIL: ADMIN.email,
        CONSOLE_ADMIN_PASSWORD: ADMIN.password,
        AUTH_SECRET,
        SIGN_IN_MAX_FAILURES: "5",
        SIGN_IN_MAX_FAILURES_PER_EMAIL: "12",
      },
    });
    admin = await signIn(server, ADMIN);
  });
  afterAll(async () => server?.stop());

  const page = (path: string, session: Session) =>
    fetch(`${server.baseUrl}${path}`, { headers: { Cookie: session.cookie }, redirect: "manual" });

  it("follows no callbackUrl that a browser reads as another site, and never answers 500 for one", async () => {
    for (const value of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      "//evil.example",
      "/\\evil.example",
    ]) {
      const response = await page(`/login?callbackUrl=${encodeURIComponent(value)}`, admin);
      expect(response.status, value).toBeLessThan(400);
      const target = new URL(response.headers.get("location") ?? "/", server.baseUrl);
      expect(target.origin, value).toBe(server.baseUrl);
    }
  });

  it("never moves a session's end: GET /api/auth/session re-signs it with the same expiry", async () => {
    const session = await signIn(server, ADMIN);
    const before = await expiryOf(tokenOf(session));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const renewed = sessionCookieOf(await page("/api/auth/session", session));
    expect(renewed).toBeTruthy();
    expect(await expiryOf(renewed!)).toBe(before);
  });

  it("revokes on Auth.js's own POST /api/auth/signout: a kept cookie is neither renewed nor accepted", async () => {
    const session = await signIn(server, ADMIN);
    expect((await page("/users", session)).status).toBe(200);
    const csrf = await csrfOf(server);
    await fetch(`${server.baseUrl}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: `${csrf.cookie}; authjs.session-token=${tokenOf(session)}`,
      },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken }).toString(),
    });
    const kept = await page("/api/auth/session", session);
    expect(await kept.json()).toBeNull();
    expect(sessionCookieOf(kept) ?? "").toBe("");
    const users = await page("/users", session);
    expect(users.status).toBe(307);
    expect(users.headers.get("location")).toContain("/login");
  });

  it("gives 15 wrong passwords sent at once exactly the limit of password checks", async () => {
    const email = "nobody-parallel@example.com";
    await Promise.all(Array.from({ length: 15 }, () => trySignIn(server, { email, password: "wrong-password" })));
    const failures = await exportedEntries(server, admin, { action: "auth.sign_in_failed", actor: email });
    const checked = failures.filter((entry) => entry.errorCode === "INVALID_CREDENTIALS");
    expect(checked).toHaveLength(5);
    expect(failures.filter((entry) => entry.errorCode === "LOCKED")).toHaveLength(10);
  });

  it("records the socket's address and the console's own request id, whatever the client's headers say", async () => {
    const email = "nobody-forged@example.com";
    await trySignIn(
      server,
      { email, password: "wrong" },
      { headers: { "X-Forwarded-For": "6.6.6.6", "X-Request-Id": "forged" } },
    );
    const [entry] = await exportedEntries(server, admin, { action: "auth.sign_in_failed", actor: email });
    expect(entry).toMatchObject({ ip: "127.0.0.1" });
    expect(entry!.requestId).not.toBe("forged");
    expect(entry!.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("limits per email and address, so one address cannot lock an operator out from another; an admin clears a lock", async () => {
    const sam = { email: "sam-locked@example.com", password: "sam-password-1234" };
    const created = await callActionOver<{ id: string }>(
      server,
      admin,
      "createOperatorAction",
      {
        ...sam,
        name: "Sam",
        role: "support",
      },
      "/operators",
    );
    expect(created.ok).toBe(true);
    const wrong = { email: sam.email, password: "wrong-password" };
    for (let attempt = 0; attempt < 6; attempt += 1) await trySignIn(server, wrong, { from: "127.0.0.2" });
    expect(await trySignIn(server, sam, { from: "127.0.0.2" })).toBeUndefined();
    expect(await trySignIn(server, sam, { from: "127.0.0.3" })).toBeDefined();

    // Past the higher limit across all addresses, every address is locked until an admin clears it.
    for (const from of ["127.0.0.4", "127.0.0.5"])
      for (let i = 0; i < 5; i += 1) await trySignIn(server, wrong, { from });
    expect(await trySignIn(server, sam, { from: "127.0.0.6" })).toBeUndefined();
    const operators = await (await page("/operators", admin)).text();
    expect(operators).toContain("Sign-in locked");
    const id = created.ok ? created.data.id : "";
    const cleared = await callActionOver(
      server,
      admin,
      "updateOperatorAction",
      { operatorId: id, change: "sign-in-lock" },
      "/operators",
    );
    expect(cleared.ok).toBe(true);
    expect(await trySignIn(server, sam, { from: "127.0.0.6" })).toBeDefined();
  });
});
