import { expect, test } from "@playwright/test";

test("load, change and save a conversation's tags, and see the records the service answered", async ({ page }) => {
  await page.goto("/users/cometchat-uid-2");
  const panel = page.getByRole("region", { name: "Conversation tags" });
  await panel.getByLabel("On behalf of").fill("cometchat-uid-1");
  await panel.getByRole("button", { name: "Load current tags" }).click();
  await expect(panel.getByRole("button", { name: "Remove tag sent" })).toBeVisible();

  await panel.getByRole("button", { name: "Remove tag sent" }).click();
  const tags = panel.getByLabel("Tags", { exact: true });
  await tags.fill("vip");
  await tags.press("Enter");
  await tags.fill("follow-up,");
  await expect(panel.getByRole("button", { name: "Remove tag follow-up" })).toBeVisible();
  await panel.getByLabel("Reason").fill("Escalated by support");
  await panel.getByRole("button", { name: "Save tags" }).click();

  await expect(panel.getByText("Tags saved")).toBeVisible();
  await expect(panel.getByText("cometchat-uid-1_user_cometchat-uid-2").first()).toBeVisible();
  await expect(panel.getByRole("button", { name: "Remove tag vip" })).toBeVisible();
  await expect(panel.getByText("Raw response")).toBeVisible();

  // The saved tags are what the service now holds.
  await page.reload();
  await panel.getByLabel("On behalf of").fill("cometchat-uid-1");
  await panel.getByRole("button", { name: "Load current tags" }).click();
  await expect(panel.getByRole("button", { name: "Remove tag vip" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Remove tag follow-up" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Remove tag sent" })).toHaveCount(0);
});

test("a record shows its last message and the other side of the conversation", async ({ page }) => {
  await page.goto("/users/cometchat-uid-2");
  const panel = page.getByRole("region", { name: "Conversation tags" });
  await panel.getByLabel("On behalf of").fill("cometchat-uid-1");
  await panel.getByRole("button", { name: "Load current tags" }).click();
  await expect(panel.getByRole("heading", { name: "Last message" })).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Conversation with" })).toBeVisible();
  await expect(panel.getByText("George Alan").first()).toBeVisible();
});

test("an owner who has no conversation with the user gets the service's message", async ({ page }) => {
  await page.goto("/users/cometchat-uid-2");
  const panel = page.getByRole("region", { name: "Conversation tags" });
  await panel.getByLabel("On behalf of").fill("no-such-owner");
  await panel.getByRole("button", { name: "Load current tags" }).click();
  await expect(panel.getByRole("alert")).toContainText("ERR_UID_NOT_FOUND");
});

test("a conversation with no messages renders without its last message", async ({ page }) => {
  await page.goto("/users/cometchat-uid-5");
  const panel = page.getByRole("region", { name: "Conversation tags" });
  await panel.getByLabel("On behalf of").fill("cometchat-uid-4");
  await panel.getByRole("button", { name: "Load current tags" }).click();
  await expect(panel.getByRole("heading", { name: /Conversation cometchat-uid-4_user_cometchat-uid-5/ })).toBeVisible();
  await expect(panel.getByText("No messages yet")).toBeVisible();
});
