import { expect, test as base, type Page } from "@playwright/test";
import {
  IDENTITY_PROVIDER_TITLE,
  startIdentityProvider,
  type IdentityProvider,
  type Person,
} from "../tests/support/identity-provider";
import { SSO, ssoRun } from "./sso-run";

/** The identity provider runs in the test worker, so that tests change its people directly. */
export const test = base.extend<object, { identityProvider: IdentityProvider }>({
  identityProvider: [
    async ({}, use) => {
      const run = await ssoRun();
      const provider = await startIdentityProvider({
        port: run.providerPort,
        redirectUri: `http://localhost:${run.consolePort}/api/auth/callback/oidc`,
        clientId: SSO.clientId,
        clientSecret: run.clientSecret,
      });
      await use(provider);
      await provider.stop();
    },
    { scope: "worker" },
  ],
});

/** The whole browser flow: the console's button, the provider's own sign-in page, and back. */
export async function signInWithSso(page: Page, person: Person) {
  await page.goto("/login");
  await page.getByRole("button", { name: `Sign in with ${SSO.name}` }).click();
  await expect(page.getByRole("heading", { name: IDENTITY_PROVIDER_TITLE })).toBeVisible();
  expect(new URL(page.url()).port).toBe(process.env.E2E_IDP_PORT);
  await page.getByLabel("Username").fill(person.username);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`^http://localhost:${process.env.E2E_SSO_PORT}/`));
}
