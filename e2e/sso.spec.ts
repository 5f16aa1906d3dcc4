import { expect, type Browser, type Page } from "@playwright/test";
import type { Person } from "../tests/support/identity-provider";
import { expectNoSeriousViolations } from "./axe";
import { SSO } from "./sso-run";
import { consoleOrigins, signInWithSso, test } from "./sso-support";

/*
 * Against the second console of the run: identity provider configured, password sign-in off, no
 * operator at start. The provider is a real OpenID provider on loopback; every sign-in goes through
 * the browser: the console's button, the provider's page, the code flow with PKCE, and back.
 */
test.describe.configure({ mode: "serial" });

type Staff = Person & { email: string };

const ADA: Staff = {
  username: "ada",
  password: "ada-idp-password",
  email: "ada@corp.test",
  name: "Ada Admin",
  groups: ["everyone", "support", "console-admins"],
};
const BOB: Staff = {
  username: "bob",
  password: "bob-idp-password",
  email: "bob@corp.test",
  name: "Bob Builder",
  groups: ["everyone", "support"],
};
const NOBODY: Staff = {
  username: "nobody",
  password: "nobody-idp-password",
  email: "nobody@corp.test",
  name: "No Body",
  groups: ["everyone", "Mods"],
};

/** A fresh browser, as a person on their own machine: no cookie of the console or of the provider. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function signedInAs(browser: Browser, person: Staff): Promise<Page> {
  const page = await freshPage(browser);
  await signInWithSso(page, person);
  await expect(page.getByText(`(${person.email})`)).toBeVisible();
  return page;
}

/** The sign-in page's refusal (Next's route announcer is an alert too). */
const refusal = (page: Page) => page.getByRole("alert").filter({ hasText: "You are not signed in" });

function operatorRow(page: Page, email: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: email, exact: true }) });
}

test.beforeEach(({ identityProvider }) => {
  for (const person of [ADA, BOB, NOBODY]) identityProvider.setPerson(person);
});

test("password sign-in is off: no password form, and a forged credentials POST gets no session", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: `Sign in with ${SSO.name}` })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveCount(0);
  await expect(page.getByLabel("Password")).toHaveCount(0);

  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const forged = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: ADA.email, password: ADA.password, callbackUrl: "/users" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBeGreaterThanOrEqual(300);
  expect(forged.headers()["location"] ?? "").not.toMatch(/\/users/);
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => cookie.name.includes("session-token"))).toEqual([]);
  await page.goto("/users");
  await expect(page).toHaveURL(/\/login/);
});

test("the first sign-in creates the operator with the highest mapped role, and they land in the console", async ({
  browser,
}) => {
  const ada = await freshPage(browser);
  const bodies: string[] = [];
  ada.on("response", async (response) => {
    bodies.push((await response.body().catch(() => Buffer.alloc(0))).toString("utf8"));
  });
  await signInWithSso(ada, ADA);
  await expect(ada).not.toHaveURL(/\/login/);
  // support and console-admins are both mapped: admin is the higher.
  await expect(ada.getByText("Admin", { exact: true })).toBeVisible();

  await ada.goto("/operators");
  const row = operatorRow(ada, ADA.email);
  await expect(row).toContainText("Ada Admin");
  await expect(row).toContainText("Admin");
  await expect(row).toContainText(`From ${SSO.name}`);
  await expect(ada.getByRole("button", { name: "Add operator" })).toHaveCount(0);
  // The client secret stays on the server: in no page, script or answer the browser got.
  await ada.waitForLoadState("networkidle");
  expect(bodies.length).toBeGreaterThan(5);
  expect(bodies.filter((body) => body.includes(process.env.E2E_IDP_CLIENT_SECRET!))).toEqual([]);
});

test("signing in works whatever name the browser uses: localhost, 127.0.0.1, or a proxy's (X-Forwarded-Host)", async ({
  browser,
  consoleProxy,
}) => {
  const origins = await consoleOrigins();
  expect(consoleProxy.url).toBe(origins.proxied);
  for (const origin of [origins.localhost, origins.loopback, origins.proxied]) {
    const page = await freshPage(browser);
    const redirectUris: string[] = [];
    page.on("request", (request) => {
      const redirectUri = new URL(request.url()).searchParams.get("redirect_uri");
      if (redirectUri) redirectUris.push(redirectUri);
    });
    await signInWithSso(page, ADA, origin);
    await expect(page.getByText(`(${ADA.email})`)).toBeVisible();
    // The one redirect URI of the whole flow is the callback at the name the browser used.
    expect(new Set(redirectUris)).toEqual(new Set([`${origin}/api/auth/callback/oidc`]));
    await page.context().close();
  }
});

test("a person with no mapped group is refused with the reason, and no operator is created", async ({ browser }) => {
  const page = await freshPage(browser);
  await signInWithSso(page, NOBODY);
  await expect(page).toHaveURL(/\/login\?error=NO_ROLE/);
  await expect(refusal(page)).toContainText(`Your ${SSO.name} account has no role in the console`);
  await expect(refusal(page)).toContainText('"groups" claim');
  await expectNoSeriousViolations(page);
  await page.goto("/users");
  await expect(page).toHaveURL(/\/login/);

  const ada = await signedInAs(browser, ADA);
  await ada.goto("/operators");
  await expect(operatorRow(ada, ADA.email)).toBeVisible();
  await expect(operatorRow(ada, NOBODY.email)).toHaveCount(0);
});

test("a role changed at the identity provider is applied at the next sign-in, and logged", async ({
  browser,
  identityProvider,
}) => {
  const first = await signedInAs(browser, BOB);
  await expect(first.getByText("Support", { exact: true })).toBeVisible();

  identityProvider.setPerson({ ...BOB, groups: ["support", "mods"] });
  const second = await signedInAs(browser, BOB);
  await expect(second.getByText("Moderator", { exact: true })).toBeVisible();

  const ada = await signedInAs(browser, ADA);
  await ada.goto(`/audit?action=operator.update&actor=${encodeURIComponent(BOB.email)}`);
  const rows = ada.getByRole("table", { name: /Entries of the action log/ }).getByRole("row");
  await expect(rows.filter({ hasText: "operator.update" })).toHaveCount(1);
  await rows
    .filter({ hasText: "operator.update" })
    .getByRole("link", { name: /Details of entry/ })
    .click();
  await expect(ada.getByRole("list", { name: "Changes" })).toContainText("role: before support, after moderator");
});

test("an operator disabled in the console stays disabled when the identity provider lets them in", async ({
  browser,
}) => {
  const ada = await signedInAs(browser, ADA);
  await ada.goto("/operators");
  const row = operatorRow(ada, BOB.email);
  await expect(row).toContainText(`From ${SSO.name}`);
  // Their password and role are the identity provider's business.
  await expect(row.getByRole("button", { name: `Reset password of ${BOB.email}` })).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Change role of ${BOB.email}` })).toHaveCount(0);
  await row.getByRole("button", { name: `Disable ${BOB.email}` }).click();
  await ada.getByRole("dialog").getByRole("button", { name: "Confirm disable" }).click();
  await expect(row).toContainText("Disabled");

  const bob = await freshPage(browser);
  await signInWithSso(bob, BOB);
  await expect(bob).toHaveURL(/\/login\?error=DISABLED/);
  await expect(refusal(bob)).toContainText("Your operator account is disabled in this console");

  await ada.reload();
  await expect(operatorRow(ada, BOB.email)).toContainText("Disabled");
});

test("the action log holds every sign-in, refusal and role change of the identity provider's people", async ({
  browser,
}) => {
  const ada = await signedInAs(browser, ADA);
  const table = ada.getByRole("table", { name: /Entries of the action log/ });

  await ada.goto(`/audit?action=auth.sign_in&actor=${encodeURIComponent(BOB.email)}`);
  await expect(table.getByRole("row").filter({ hasText: "auth.sign_in" })).toHaveCount(2);

  await ada.goto("/audit?action=auth.sign_in_failed");
  await expect(table.getByRole("row").filter({ hasText: NOBODY.email })).toContainText("NO_ROLE");
  await expect(table.getByRole("row").filter({ hasText: BOB.email })).toContainText("DISABLED");

  await ada.goto(`/audit?action=operator.create`);
  for (const email of [ADA.email, BOB.email]) {
    await expect(table.getByRole("row").filter({ hasText: email })).toHaveCount(1);
  }
  await expect(table.getByRole("row").filter({ hasText: NOBODY.email })).toHaveCount(0);
});
