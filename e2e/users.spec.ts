import { expect, test, type Page } from "@playwright/test";

/**
 * Opens /users once it is hydrated: the page then puts the focus on its search field, and text typed
 * before that would land there instead of the field it was meant for.
 */
async function openUsers(page: Page) {
  await page.goto("/users");
  await expect(page.getByRole("searchbox", { name: "Search users" })).toBeFocused();
}

test.describe("looking a user up", () => {
  test("the UID leads to the user's workspace, lowercased", async ({ page }) => {
    await openUsers(page);
    await page.getByRole("textbox", { name: "UID", exact: true }).fill("CometChat-UID-1");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page).toHaveURL(/\/users\/cometchat-uid-1$/);
    await expect(page.getByRole("heading", { level: 1, name: "Andrew Joseph" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Andrew Joseph" })).toContainText("cometchat-uid-1");
  });

  test("a malformed UID gets a message that says what a UID may contain", async ({ page }) => {
    await openUsers(page);
    await page.getByRole("textbox", { name: "UID", exact: true }).fill("not a uid!");
    await page.getByRole("button", { name: "Look up" }).click();
    const field = page.getByRole("textbox", { name: "UID", exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(/may contain only letters, digits, _ and -/);
    await expect(page).toHaveURL(/\/users$/);
  });

  test("an unknown UID says there is no such user", async ({ page }) => {
    await page.goto("/users/no-such-user-anywhere");
    await expect(page.getByRole("heading", { level: 1, name: "No user with UID no-such-user-anywhere" })).toBeVisible();
  });
});

test.describe("finding a person", () => {
  test("a name or UID prefix finds them, and no match says so", async ({ page }) => {
    await openUsers(page);
    await page.getByRole("searchbox", { name: "Search users" }).fill("George");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const results = page.getByRole("table", { name: /Users matching “George”/ });
    const george = results.getByRole("row", { name: /George Alan/ });
    await expect(george).toContainText("cometchat-uid-2");
    await expect(george).toContainText("available");

    await page.getByRole("searchbox", { name: "Search users" }).fill("uid-");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("table", { name: /Users matching “uid-”/ })).toHaveCount(0);
    await page.getByRole("searchbox", { name: "Search users" }).fill("cometchat-uid");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("table", { name: /Users matching/ }).getByRole("row")).toHaveCount(6);

    await page.getByRole("searchbox", { name: "Search users" }).fill("zz-nobody");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("No user's name or UID starts with “zz-nobody”.")).toBeVisible();
  });

  test("the sign-in page puts the focus on Email", async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.getByLabel("Email")).toBeFocused();
    await context.close();
  });
});

test.describe("the workspace", () => {
  test("block selected blocks the checked peers on the user's behalf, and every UID links to its user", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/users/cometchat-uid-4");
    const conversations = page.getByRole("region", { name: /^Conversations/ });
    await expect(page.getByRole("button", { name: "Block selected" })).toBeDisabled();
    await conversations.getByRole("checkbox", { name: "Select tomas-silva" }).check();
    await page.getByRole("button", { name: "Block selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Block 1 user?" });
    await expect(dialog).toContainText("cometchat-uid-4 will block 1 user: tomas-silva.");
    await dialog.getByRole("button", { name: "Confirm block" }).click();

    const outcome = page.getByRole("table", { name: "Outcome of the block" });
    await expect(outcome.getByRole("row", { name: /tomas-silva/ })).toContainText("Blocked");
    await expect(
      page.getByRole("region", { name: "Blocked by this user" }).getByRole("rowheader", { name: /tomas-silva/ }),
    ).toBeVisible();
    await expect(conversations.getByRole("checkbox", { name: "Select tomas-silva" })).not.toBeChecked();

    await outcome.getByRole("button", { name: "Copy UID tomas-silva" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("tomas-silva");
    await outcome.getByRole("link", { name: "tomas-silva" }).click();
    await expect(page).toHaveURL(/\/users\/tomas-silva$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("an unknown address shows the not-found page inside the console", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });
});
