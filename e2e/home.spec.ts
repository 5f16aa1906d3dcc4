import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test("the home page says which chat API the console uses", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Moderator Console" })).toBeVisible();
  const chatApi = page.getByRole("region", { name: "Chat API" });
  await expect(chatApi.getByText("Embedded service (works offline)")).toBeVisible();
  await expect(chatApi.getByText("/v3 on this console")).toBeVisible();
});

test("the home page has no serious or critical accessibility violation", async ({ page }) => {
  await page.goto("/");
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});
