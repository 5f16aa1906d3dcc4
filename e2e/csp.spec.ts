import { expect, test, type Page } from "@playwright/test";

/**
 * The Content-Security-Policy in a real browser: normal use of every page reports no violation,
 * and every page (the not-found pages included) hydrates, which it can only do if its scripts
 * carry the request's nonce.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

async function watchViolations(page: Page): Promise<string[]> {
  const reported: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) reported.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  return reported;
}

async function violationsOn(page: Page, reported: string[]): Promise<string[]> {
  return [...reported, ...(await page.evaluate(() => window.__cspViolations ?? []))];
}

/** React has attached itself to the page's heading: its scripts ran. */
async function expectHydrated(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const heading = document.querySelector("h1");
        return Boolean(heading && Object.keys(heading).some((key) => key.startsWith("__react")));
      }),
    )
    .toBe(true);
}

const PAGES = [
  "/users",
  "/users?search=cometchat",
  "/users/cometchat-uid-1",
  "/incidents",
  "/audit",
  "/operators",
  "/forbidden?needs=operators.manage",
  "/no-such-page",
  // The root not-found page, which Next.js would otherwise prerender without a nonce.
  "/_not-found",
  "/users/cometchat-uid-1/no-such-tab",
];

for (const path of PAGES) {
  test(`${path} hydrates with no CSP violation`, async ({ page }) => {
    const reported = await watchViolations(page);
    await page.goto(path);
    await expectHydrated(page);
    expect(await violationsOn(page, reported)).toEqual([]);
  });
}

test("an incident job's page, with its progress bar, has no CSP violation", async ({ page }) => {
  const reported = await watchViolations(page);
  await page.goto("/incidents");
  const form = page.getByRole("region", { name: "Block a list of users" });
  await form.getByLabel("On behalf of").fill("cometchat-uid-2");
  await form.getByLabel("Reason").fill("CSP check");
  await form.getByLabel("UIDs to block").fill("cometchat-uid-3\ncometchat-uid-4");
  await form.getByRole("button", { name: "Preview" }).click();
  await page.getByRole("button", { name: "Start blocking" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm block" }).click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("progressbar", { name: "Job progress" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, { timeout: 60_000 });
  await expectHydrated(page);
  expect(await violationsOn(page, reported)).toEqual([]);
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the sign-in page hydrates with no CSP violation", async ({ page }) => {
    const reported = await watchViolations(page);
    await page.goto("/login");
    await expectHydrated(page);
    expect(await violationsOn(page, reported)).toEqual([]);
  });
});
