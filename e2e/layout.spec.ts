import { expect, test, type Page } from "@playwright/test";

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.describe("on a phone (390 px wide)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of [
    "/users",
    "/users?search=cometchat",
    "/users/cometchat-uid-1",
    "/audit",
    "/incidents",
    "/operators",
  ]) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    });
  }

  test("an entry of the action log and a job's page do not scroll sideways", async ({ page }) => {
    await page.goto("/audit");
    await page
      .getByRole("link", { name: /^Details of entry/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/audit\/[0-9a-f-]+$/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });

  test("the navigation folds behind a Menu button", async ({ page }) => {
    await page.goto("/users");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await nav.getByRole("link", { name: "Action log" }).click();
    await expect(page).toHaveURL(/\/audit/);
    await expect(nav).toBeHidden();
  });
});

test("blue, red and white buttons all show a focus ring that stands out from the page", async ({ page }) => {
  const controls = [
    { path: "/users", name: "Search" },
    { path: "/users/cometchat-uid-1", name: "Block" },
    { path: "/users/cometchat-uid-1", name: "Sign out" },
  ];
  for (const { path, name } of controls) {
    await page.goto(path);
    const control = page.getByRole("button", { name, exact: true });
    await control.focus();
    // Back and forth with the keyboard, so that the browser shows the focus as it does for keyboard users.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(control).toBeFocused();
    const ring = await control.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
    });
    expect(ring, name).toEqual({ style: "solid", width: "3px", color: "rgb(30, 58, 138)" });
  }
});
