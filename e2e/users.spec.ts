import { expect, test } from "@playwright/test";

test.describe("looking a user up", () => {
  test("the UID leads to the user's workspace, lowercased", async ({ page }) => {
    await page.goto("/users");
    await page.getByLabel("UID").fill("CometChat-UID-1");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page).toHaveURL(/\/users\/cometchat-uid-1$/);
    await expect(page.getByRole("heading", { level: 1, name: "Andrew Joseph" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Andrew Joseph" })).toContainText("cometchat-uid-1");
  });

  test("a malformed UID gets a message that says what a UID may contain", async ({ page }) => {
    await page.goto("/users");
    await page.getByLabel("UID").fill("not a uid!");
    await page.getByRole("button", { name: "Look up" }).click();
    const field = page.getByLabel("UID");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(/may contain only letters, digits, _ and -/);
    await expect(page).toHaveURL(/\/users$/);
  });

  test("an unknown UID says there is no such user", async ({ page }) => {
    await page.goto("/users/no-such-user-anywhere");
    await expect(page.getByRole("heading", { level: 1, name: "No user with UID no-such-user-anywhere" })).toBeVisible();
  });
});
