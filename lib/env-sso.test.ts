import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { envProblemsOf } from "../tests/support/env-problems";

const dataDir = mkdtempSync(path.join(tmpdir(), "env-sso-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const OIDC = {
  AUTH_OIDC_ISSUER: "https://login.example.com/realms/staff",
  AUTH_OIDC_CLIENT_ID: "moderator-console",
  AUTH_OIDC_CLIENT_SECRET: "a-client-secret",
  AUTH_OIDC_NAME: "Example SSO",
  AUTH_OIDC_ROLE_MAP: "mods=moderator,audit=auditor,support=support,console-admins=admin",
};

const parse = (source: Record<string, string>) => parseEnv({ DATA_DIR: dataDir, CHAT_API_KEY: "k", ...source });

const problemsOf = (source: Record<string, string>) =>
  envProblemsOf({ DATA_DIR: dataDir, CHAT_API_KEY: "k", ...source });

describe("single sign-on configuration", () => {
  it("is off by default, with password sign-in on", () => {
    expect(parse({}).sso).toEqual({ oidc: undefined, passwordSignIn: true, publicOrigin: undefined });
  });

  it("reads the identity provider, the groups claim by default, and the role map", () => {
    const { oidc, passwordSignIn } = parse({ ...OIDC, AUTH_PASSWORD_SIGN_IN: "false" }).sso;
    expect(passwordSignIn).toBe(false);
    expect(oidc).toMatchObject({
      issuer: OIDC.AUTH_OIDC_ISSUER,
      clientId: "moderator-console",
      clientSecret: "a-client-secret",
      name: "Example SSO",
      rolesClaim: "groups",
    });
    expect([...oidc!.roleMap]).toEqual([
      ["mods", "moderator"],
      ["audit", "auditor"],
      ["support", "support"],
      ["console-admins", "admin"],
    ]);
    expect(parse({ ...OIDC, AUTH_OIDC_ROLES_CLAIM: "roles" }).sso.oidc?.rolesClaim).toBe("roles");
  });

  it("keeps group names that hold = and spaces around entries", () => {
    const { oidc } = parse({ ...OIDC, AUTH_OIDC_ROLE_MAP: " cn=mods = moderator , admins=admin " }).sso;
    expect([...oidc!.roleMap]).toEqual([
      ["cn=mods", "moderator"],
      ["admins", "admin"],
    ]);
  });

  it("names each malformed entry and unknown role of the map", () => {
    const problems = problemsOf({ ...OIDC, AUTH_OIDC_ROLE_MAP: "mods=moderator,auditors,ops=boss,=admin" });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^AUTH_OIDC_ROLE_MAP: "auditors" is not group=role/);
    expect(problems[1]).toMatch(/^AUTH_OIDC_ROLE_MAP: "ops=boss" names the unknown role "boss"; the roles are support/);
    expect(problems[2]).toMatch(/^AUTH_OIDC_ROLE_MAP: "=admin" is not group=role/);
    expect(problemsOf({ ...OIDC, AUTH_OIDC_ROLE_MAP: "ops=support,ops=admin" })).toEqual([
      expect.stringContaining('the group "ops" is mapped twice, to support and to admin'),
    ]);
    expect(problemsOf({ ...OIDC, AUTH_OIDC_ROLE_MAP: ",," })).toEqual([
      expect.stringContaining("must map at least one group"),
    ]);
  });

  it("wants the four AUTH_OIDC_* together, and a role map with them", () => {
    const without = (...names: Array<keyof typeof OIDC>) =>
      Object.fromEntries(Object.entries(OIDC).filter(([name]) => !names.includes(name as keyof typeof OIDC)));
    const problems = problemsOf(without("AUTH_OIDC_CLIENT_SECRET", "AUTH_OIDC_NAME"));
    expect(problems).toEqual([
      expect.stringMatching(/^AUTH_OIDC_CLIENT_SECRET: required with AUTH_OIDC_ISSUER, AUTH_OIDC_CLIENT_ID/),
      expect.stringMatching(/^AUTH_OIDC_NAME: required with AUTH_OIDC_ISSUER, AUTH_OIDC_CLIENT_ID/),
    ]);
    expect(problemsOf(without("AUTH_OIDC_ROLE_MAP"))).toEqual([
      expect.stringMatching(/^AUTH_OIDC_ROLE_MAP: required with/),
    ]);
    expect(problemsOf({ AUTH_OIDC_ROLE_MAP: "mods=moderator" })).toEqual([
      expect.stringMatching(/^AUTH_OIDC_ROLE_MAP: has no use without AUTH_OIDC_ISSUER/),
    ]);
  });

  it("refuses a plain-http issuer beyond this machine, and accepts one on loopback", () => {
    expect(problemsOf({ ...OIDC, AUTH_OIDC_ISSUER: "http://login.example.com" })[0]).toMatch(
      /^AUTH_OIDC_ISSUER: AUTH_OIDC_ISSUER must use https/,
    );
    expect(parse({ ...OIDC, AUTH_OIDC_ISSUER: "http://127.0.0.1:4010" }).sso.oidc?.issuer).toBe(
      "http://127.0.0.1:4010",
    );
  });

  it("refuses password sign-in off without an identity provider, or with a password first admin", () => {
    expect(problemsOf({ AUTH_PASSWORD_SIGN_IN: "false" })).toEqual([
      expect.stringMatching(/^AUTH_PASSWORD_SIGN_IN: false needs an identity provider/),
    ]);
    expect(problemsOf({ AUTH_PASSWORD_SIGN_IN: "no" })[0]).toContain("AUTH_PASSWORD_SIGN_IN must be true or false");
    expect(
      problemsOf({
        ...OIDC,
        AUTH_PASSWORD_SIGN_IN: "false",
        CONSOLE_ADMIN_EMAIL: "admin@example.com",
        CONSOLE_ADMIN_PASSWORD: "a-long-password-1",
      }),
    ).toEqual([expect.stringMatching(/^CONSOLE_ADMIN_EMAIL: has no use with AUTH_PASSWORD_SIGN_IN=false/)]);
  });

  it("reads CONSOLE_URL as an origin, refuses anything else, and refuses Auth.js's own names for it", () => {
    expect(parse({ CONSOLE_URL: "https://console.example.com" }).sso.publicOrigin).toBe("https://console.example.com");
    expect(parse({ CONSOLE_URL: "http://127.0.0.1:3000/" }).sso.publicOrigin).toBe("http://127.0.0.1:3000");
    expect(problemsOf({ CONSOLE_URL: "console.example.com" })[0]).toMatch(/^CONSOLE_URL: CONSOLE_URL must be the/);
    expect(problemsOf({ CONSOLE_URL: "https://console.example.com/moderation" })[0]).toMatch(
      /CONSOLE_URL must be an origin only/,
    );
    expect(problemsOf({ CONSOLE_URL: "ftp://console.example.com" })[0]).toMatch(/CONSOLE_URL must be the/);
    expect(problemsOf({ AUTH_URL: "https://console.example.com" })).toEqual([
      expect.stringMatching(/^AUTH_URL: not read by the console; set CONSOLE_URL/),
    ]);
  });
});
