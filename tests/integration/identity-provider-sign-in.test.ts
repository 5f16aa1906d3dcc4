import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, freePort, startConsole, type ConsoleServer } from "../support/console-server";
import { callActionOver, signIn, trySignIn } from "../support/console-session";
import { startIdentityProvider, type IdentityProvider, type Person } from "../support/identity-provider";
import { startReverseProxy, type ReverseProxy } from "../support/reverse-proxy";
import { signInThroughProvider } from "../support/sso-flow";

const ADMIN = { email: "admin@corp.test", password: "admin-password-123" };
const CAROL: Person = {
  username: "carol",
  password: "carol-idp-password",
  email: "carol@corp.test",
  name: "Carol Mod",
  groups: ["mods"],
};

describe.each(await databaseKinds())("sign-in with the identity provider on %s", (database) => {
  let provider: IdentityProvider;
  let server: ConsoleServer;
  // Next writes loopback addresses as localhost in Auth.js's URLs: the browser's URL is the same.
  let consoleUrl: string;

  const operatorsPage = async (cookie: string) =>
    (await fetch(`${consoleUrl}/operators`, { headers: { Cookie: cookie }, redirect: "manual" })).text();

  beforeAll(async () => {
    const port = await freePort();
    consoleUrl = `http://localhost:${port}`;
    const clientSecret = "integration-client-secret";
    provider = await startIdentityProvider({
      port: await freePort(),
      redirectUris: [`${consoleUrl}/api/auth/callback/oidc`],
      clientId: "moderator-console",
      clientSecret,
    });
    server = await startConsole({
      database,
      port,
      env: {
        CONSOLE_ADMIN_EMAIL: ADMIN.email,
        CONSOLE_ADMIN_PASSWORD: ADMIN.password,
        AUTH_OIDC_ISSUER: provider.issuer,
        AUTH_OIDC_CLIENT_ID: "moderator-console",
        AUTH_OIDC_CLIENT_SECRET: clientSecret,
        AUTH_OIDC_NAME: "Corp SSO",
        AUTH_OIDC_ROLE_MAP: "mods=moderator,console-admins=admin",
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.stop();
  });

  it("does not hand a password operator's account to the provider's person with the same email", async () => {
    provider.setPerson({
      username: "imposter",
      password: "pw",
      email: ADMIN.email,
      name: "Not Admin",
      groups: ["mods"],
    });
    const outcome = await signInThroughProvider(consoleUrl, { ...CAROL, username: "imposter", password: "pw" });
    expect(outcome).toEqual({ landedOn: "/login?error=EMAIL_TAKEN", cookie: undefined });
    // The password operator is untouched and still signs in.
    const admin = await signIn(server, ADMIN);
    const page = await operatorsPage(admin.cookie);
    expect(page).toContain(ADMIN.email);
    expect(page).not.toContain("Not Admin");
  });

  it("refuses a person the provider sends no email for", async () => {
    provider.setPerson({ username: "anon", password: "pw", name: "Anon", groups: ["mods"] });
    const outcome = await signInThroughProvider(consoleUrl, { ...CAROL, username: "anon", password: "pw" });
    expect(outcome).toEqual({ landedOn: "/login?error=NO_EMAIL", cookie: undefined });
  });

  it("finds the operator again by the provider's subject, and follows a changed email and role", async () => {
    provider.setPerson(CAROL);
    const first = await signInThroughProvider(consoleUrl, CAROL);
    expect(first.landedOn).toBe("/");
    expect(first.cookie).toBeTruthy();

    provider.setPerson({ ...CAROL, email: "carol.new@corp.test", groups: ["mods", "console-admins"] });
    const second = await signInThroughProvider(consoleUrl, CAROL);
    expect(second.cookie).toBeTruthy();
    // Carol is an admin now, so she may read the operators page herself.
    const page = await operatorsPage(second.cookie!);
    expect(page).toContain("carol.new@corp.test");
    expect(page).not.toContain("carol@corp.test");
  });

  it("with password sign-in off, refuses the right password by the credentials route and by the sign-in action", async () => {
    await server.restart({
      env: { AUTH_PASSWORD_SIGN_IN: "false", CONSOLE_ADMIN_EMAIL: "", CONSOLE_ADMIN_PASSWORD: "" },
    });
    expect(await trySignIn(server, ADMIN)).toBeUndefined();
    const result = await callActionOver(server, { cookie: "" }, "signInAction", ADMIN, "/login");
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining("Password sign-in is off") });

    provider.setPerson(CAROL);
    expect((await signInThroughProvider(consoleUrl, CAROL)).cookie).toBeTruthy();
  });
});

describe("sign-in with the identity provider behind a proxy that names no host (CONSOLE_URL)", () => {
  let provider: IdentityProvider;
  let server: ConsoleServer;
  let proxy: ReverseProxy;

  beforeAll(async () => {
    const [consolePort, proxyPort] = [await freePort(), await freePort()];
    const publicUrl = `http://localhost:${proxyPort}`;
    provider = await startIdentityProvider({
      port: await freePort(),
      redirectUris: [`${publicUrl}/api/auth/callback/oidc`],
      clientId: "moderator-console",
      clientSecret: "integration-client-secret",
    });
    // As nginx's bare proxy_pass: the console sees its own address as the Host, and no X-Forwarded-Host.
    proxy = await startReverseProxy({ target: consolePort, port: proxyPort });
    server = await startConsole({
      port: consolePort,
      env: {
        CONSOLE_URL: publicUrl,
        AUTH_OIDC_ISSUER: provider.issuer,
        AUTH_OIDC_CLIENT_ID: "moderator-console",
        AUTH_OIDC_CLIENT_SECRET: "integration-client-secret",
        AUTH_OIDC_NAME: "Corp SSO",
        AUTH_OIDC_ROLE_MAP: "mods=moderator",
        AUTH_PASSWORD_SIGN_IN: "false",
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.stop();
    await provider?.stop();
  });

  it("builds every URL of the flow from CONSOLE_URL, so the provider accepts the code", async () => {
    provider.setPerson(CAROL);
    const outcome = await signInThroughProvider(proxy.url, CAROL);
    expect(outcome.landedOn).toBe("/");
    expect(outcome.cookie).toBeTruthy();
  });
});
