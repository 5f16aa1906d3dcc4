import { expect, test as base, type Page } from "@playwright/test";
import {
  IDENTITY_PROVIDER_TITLE,
  startIdentityProvider,
  type IdentityProvider,
  type Person,
} from "../tests/support/identity-provider";
import { startReverseProxy, type ReverseProxy } from "../tests/support/reverse-proxy";
import { SSO, ssoRun } from "./sso-run";

/** Every name the console is reached by in the run; each is a redirect URI registered at the provider. */
export async function consoleOrigins() {
  const run = await ssoRun();
  return {
    localhost: `http://localhost:${run.consolePort}`,
    loopback: `http://127.0.0.1:${run.consolePort}`,
    proxied: `http://localhost:${run.proxyPort}`,
  };
}

/**
 * The identity provider runs in the test worker, so that tests change its people directly; so does a
 * reverse proxy in front of the console that names the host the browser asked for in X-Forwarded-Host.
 */
export const test = base.extend<object, { identityProvider: IdentityProvider; consoleProxy: ReverseProxy }>({
  consoleProxy: [
    async ({}, use) => {
      const run = await ssoRun();
      const proxy = await startReverseProxy({
        target: run.consolePort,
        port: run.proxyPort,
        headers: (incoming) => ({ "x-forwarded-host": incoming.host ?? "", "x-forwarded-proto": "http" }),
      });
      await use(proxy);
      await proxy.stop();
    },
    { scope: "worker" },
  ],
  identityProvider: [
    async ({}, use) => {
      const run = await ssoRun();
      const provider = await startIdentityProvider({
        port: run.providerPort,
        redirectUris: Object.values(await consoleOrigins()).map((origin) => `${origin}/api/auth/callback/oidc`),
        clientId: SSO.clientId,
        clientSecret: run.clientSecret,
      });
      await use(provider);
      await provider.stop();
    },
    { scope: "worker" },
  ],
});

/**
 * The whole browser flow: the console's button, the provider's own sign-in page, and back, with the
 * console at `origin` (the run's base URL, http://localhost:<port>, by default).
 */
export async function signInWithSso(
  page: Page,
  person: Person,
  origin = `http://localhost:${process.env.E2E_SSO_PORT}`,
) {
  await page.goto(`${origin}/login`);
  await page.getByRole("button", { name: `Sign in with ${SSO.name}` }).click();
  await expect(page.getByRole("heading", { name: IDENTITY_PROVIDER_TITLE })).toBeVisible();
  expect(new URL(page.url()).port).toBe(process.env.E2E_IDP_PORT);
  await page.getByLabel("Username").fill(person.username);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin.replaceAll(".", "\\.")}/`));
}
