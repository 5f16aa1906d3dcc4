import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the sign-in page, also with an error shown", async ({ page }) => {
    await page.goto("/login");
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousViolations(page);
  });
});

test("the look-up page", async ({ page }) => {
  await page.goto("/users");
  await expectNoSeriousViolations(page);
});

test("a user's workspace, with records, a block preview and its dialog", async ({ page }) => {
  await page.goto("/users/cometchat-uid-1");
  const tags = page.getByRole("region", { name: "Conversation tags" });
  await tags.getByLabel("On behalf of").fill("cometchat-uid-2");
  await tags.getByRole("button", { name: "Load current tags" }).click();
  await expect(tags.getByRole("heading", { name: /Conversation cometchat-uid-1_user_cometchat-uid-2/ })).toBeVisible();
  await page.getByLabel("UIDs to block").fill("cometchat-uid-4 bad.uid cometchat-uid-1");
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Block", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the page of an unknown user", async ({ page }) => {
  await page.goto("/users/nobody-at-all");
  await expectNoSeriousViolations(page);
});

test("the operators page", async ({ page }) => {
  await page.goto("/operators");
  await expectNoSeriousViolations(page);
});

test("the action log, with filters in error, and an entry's details", async ({ page }) => {
  await page.goto("/audit?from=not-a-date&targetUid=bad.uid");
  await expect(page.getByLabel("Target UID")).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousViolations(page);
  await page.goto("/audit");
  await page
    .getByRole("link", { name: /Details of entry/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Operation / })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("incident mode: the form with a preview, and a job's page", async ({ page }) => {
  await page.goto("/incidents");
  const form = page.getByRole("region", { name: "Block a list of users" });
  await form.getByLabel("On behalf of").fill("cometchat-uid-5");
  await form.getByLabel("Reason").fill("Accessibility check");
  await form.getByLabel("UIDs to block").fill("cometchat-uid-4\nbad.uid\ncometchat-uid-4");
  await form.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("region", { name: "Preview" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Start blocking" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm block" }).click();
  await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, { timeout: 60_000 });
  await expectNoSeriousViolations(page);
});
