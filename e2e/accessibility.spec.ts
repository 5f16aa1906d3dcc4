import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";

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

test("a user's workspace, with its conversations, the tags editor, a block preview and its dialog", async ({
  page,
}) => {
  await page.goto("/users/cometchat-uid-1");
  await expect(page.getByRole("region", { name: /^Conversations/ }).getByRole("row")).not.toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Edit tags with George Alan" }).click();
  const editor = page.getByRole("dialog", { name: "Edit tags" });
  await editor.getByText("Conversation record").click();
  await expect(
    editor.getByRole("heading", { name: /Conversation cometchat-uid-1_user_cometchat-uid-2/ }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await editor.getByRole("button", { name: "Close" }).click();
  await page.getByLabel("UIDs to block").fill("cometchat-uid-4 bad.uid cometchat-uid-1");
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Block", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the search results", async ({ page }) => {
  await page.goto("/users?search=cometchat");
  await expect(page.getByRole("table", { name: /Users matching/ })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("a conversation's messages, and the delete confirmation", async ({ page }) => {
  await page.goto("/users/cometchat-uid-1/messages/user/cometchat-uid-2");
  await expect(page.getByRole("list", { name: "Messages, newest first" }).getByRole("listitem")).not.toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page
    .getByRole("button", { name: /^Delete message/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("a group's page, its members, banned users and messages", async ({ page }) => {
  await page.goto("/groups/cometchat-guid-1");
  await expect(page.getByRole("table", { name: "Members" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("a deactivated account's workspace", async ({ page }) => {
  await page.goto("/users/crypto-gains-152");
  await expect(page.getByText("Deactivated", { exact: true })).toBeVisible();
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
  await page.goto("/audit?from=not-a-date&uid=bad.uid");
  await expect(page.getByLabel("UID", { exact: true })).toHaveAttribute("aria-invalid", "true");
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
