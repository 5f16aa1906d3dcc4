import { randomBytes } from "node:crypto";
import { freePort } from "../tests/support/console-server";

/** The second console of the run signs in only with this identity provider (sso.spec.ts). */
export const SSO = {
  name: "Example Identity",
  clientId: "moderator-console",
  roleMap: "mods=moderator,audit=auditor,support=support,console-admins=admin",
} as const;

type SsoRun = { consolePort: number; providerPort: number; proxyPort: number; clientSecret: string };

/**
 * The ports and client secret of the run (the console is reached at localhost and 127.0.0.1 on its
 * port, and at localhost on the proxy's): chosen in the runner when it reads playwright.config.ts,
 * kept in its environment, which its workers inherit, so that the console it starts and the
 * identity provider a worker starts agree.
 */
export async function ssoRun(): Promise<SsoRun> {
  process.env.E2E_SSO_PORT ??= String(await freePort());
  process.env.E2E_IDP_PORT ??= String(await freePort());
  // A reverse proxy in front of the console, setting X-Forwarded-Host (sso.spec.ts).
  process.env.E2E_SSO_PROXY_PORT ??= String(await freePort());
  process.env.E2E_IDP_CLIENT_SECRET ??= randomBytes(24).toString("hex");
  return {
    consolePort: Number(process.env.E2E_SSO_PORT),
    providerPort: Number(process.env.E2E_IDP_PORT),
    proxyPort: Number(process.env.E2E_SSO_PROXY_PORT),
    clientSecret: process.env.E2E_IDP_CLIENT_SECRET,
  };
}

/** The environment of the SSO console: the identity provider's, password sign-in off. */
export function ssoConsoleEnv(run: SsoRun): Record<string, string> {
  return {
    AUTH_OIDC_ISSUER: `http://127.0.0.1:${run.providerPort}`,
    AUTH_OIDC_CLIENT_ID: SSO.clientId,
    AUTH_OIDC_CLIENT_SECRET: run.clientSecret,
    AUTH_OIDC_NAME: SSO.name,
    AUTH_OIDC_ROLE_MAP: SSO.roleMap,
    AUTH_PASSWORD_SIGN_IN: "false",
  };
}
