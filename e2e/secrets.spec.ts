import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { CHAT_API_KEY } from "./support";

function* filesUnder(folder: string): Generator<string> {
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

test("no client file of the build holds the chat API key", () => {
  const files = [...filesUnder(path.join(".next", "static"))];
  expect(files.length).toBeGreaterThan(10);
  const leaking = files.filter((file) => readFileSync(file).includes(CHAT_API_KEY));
  expect(leaking).toEqual([]);
});

test("no page and no action response holds the chat API key", async ({ page }) => {
  const bodies: Array<{ url: string; body: string }> = [];
  page.on("response", async (response) => {
    const body = await response.body().catch(() => Buffer.alloc(0));
    bodies.push({ url: response.url(), body: body.toString("utf8") });
  });

  for (const pagePath of [
    "/users",
    "/users/cometchat-uid-1",
    "/users/nobody-at-all",
    "/users/bad.uid",
    "/operators",
    "/audit",
  ]) {
    await page.goto(pagePath);
    await page.waitForLoadState("networkidle");
  }
  // Action responses: a load, a save, a failed save and a block.
  await page.goto("/users/cometchat-uid-2");
  await page.getByRole("button", { name: "Edit tags with Andrew Joseph" }).click();
  const tags = page.getByRole("dialog", { name: "Edit tags" });
  const field = tags.getByLabel("Tags", { exact: true });
  await field.fill("checked");
  await field.press("Enter");
  await tags.getByRole("button", { name: "Save tags" }).click();
  await expect(tags.getByText("Tags saved")).toBeVisible();
  await tags.getByRole("button", { name: "Close" }).click();
  await page.getByText("Open conversation with UID…").click();
  await page.getByLabel("UID of the other user").fill("ghost-peer");
  await page.getByRole("button", { name: "Open", exact: true }).click();
  await expect(
    page.getByRole("dialog", { name: "Edit tags" }).getByRole("alert").filter({ hasText: /\S/ }),
  ).toBeVisible();
  await page.getByRole("dialog", { name: "Edit tags" }).getByRole("button", { name: "Close" }).click();
  await page.getByLabel("UIDs to block").fill("ghost-user-1");
  await page.getByRole("button", { name: "Block", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm block" }).click();
  await expect(page.getByRole("table", { name: "Outcome of the block" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  const actionResponses = bodies.filter(({ body }) => body.includes("Tags saved") || body.includes('"ok"'));
  expect(bodies.length).toBeGreaterThan(10);
  expect(actionResponses.length).toBeGreaterThan(0);
  expect(bodies.filter(({ body }) => body.includes(CHAT_API_KEY)).map(({ url }) => url)).toEqual([]);
});
