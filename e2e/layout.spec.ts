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

/** WCAG's relative luminance of an `rgb(r, g, b)` or `rgba(...)` colour as the browser computes it. */
function luminance(color: string): number {
  const channels = color
    .match(/[\d.]+/g)
    ?.slice(0, 3)
    .map(Number);
  if (!channels || channels.length < 3) throw new Error(`not an rgb() colour: ${color}`);
  const [r, g, b] = channels.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

test("blue, red and white buttons all show a focus ring that stands out from the page", async ({ page }) => {
  const controls = [
    { path: "/users", name: "Search" },
    { path: "/users/cometchat-uid-1", name: "Block" },
    { path: "/users/cometchat-uid-1", name: "Sign out" },
  ];
  for (const { path, name } of controls) {
    await page.goto(path);
    const control = page.getByRole("button", { name, exact: true });
    // Back and forth with the keyboard, so that the browser shows the focus as it does for keyboard users.
    // Again if the page's own focus on open (the search field, once hydrated) took it in between.
    await expect(async () => {
      await control.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      await expect(control).toBeFocused({ timeout: 1_000 });
    }).toPass();
    const ring = await control.evaluate((element) => {
      // Chromium reports Tailwind's colours as lab() or oklch(); a canvas turns any CSS colour into sRGB bytes.
      const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
      const toRgb = (color: string) => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = color;
        context.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
        return { rgb: `rgb(${r}, ${g}, ${b})`, opaque: a === 255 };
      };
      const style = getComputedStyle(element);
      // The ring sits off the control's edge, so what it must stand out from is the nearest opaque background around it.
      let behind = "rgb(255, 255, 255)";
      for (let around = element.parentElement; around; around = around.parentElement) {
        const background = toRgb(getComputedStyle(around).backgroundColor);
        if (background.opaque) {
          behind = background.rgb;
          break;
        }
      }
      return {
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        offset: parseFloat(style.outlineOffset),
        color: toRgb(style.outlineColor).rgb,
        behind,
      };
    });
    expect(ring.style, name).toBe("solid");
    expect(ring.width, name).toBeGreaterThanOrEqual(2);
    expect(ring.offset, name).toBeGreaterThan(0);
    // WCAG 2.2, 1.4.11 (non-text contrast) asks for 3:1; the ring is dark blue on a light page, well over that.
    expect(contrast(ring.color, ring.behind), `${name}: ${ring.color} on ${ring.behind}`).toBeGreaterThanOrEqual(3);
  }
});

test("a link of the console keeps the page's layout on a click, and opens a new tab on a modified click", async ({
  page,
  context,
}) => {
  await page.goto("/users");
  // A mark on the window: a page loaded anew would not have it.
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Action log" }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole("heading", { name: "Action log", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);

  const opened = context.waitForEvent("page");
  await nav.getByRole("link", { name: "Incidents" }).click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe("/incidents");
  await expect(page).toHaveURL(/\/audit$/);
  await tab.close();
});
