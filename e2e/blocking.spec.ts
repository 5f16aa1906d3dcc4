import { expect, test } from "@playwright/test";

test("block a list with a duplicate, an invalid UID and the blocker itself, then unblock", async ({ page }) => {
  await page.goto("/users/cometchat-uid-3");
  const panel = page.getByRole("region", { name: "Block users" });
  await panel
    .getByLabel("UIDs to block")
    .fill("cometchat-uid-5, amara-okafor\nCOMETCHAT-UID-5 bad.uid cometchat-uid-3 ghost-user-404");

  const checklist = panel.getByRole("group", { name: "UIDs that will be blocked" });
  await expect(checklist.getByRole("checkbox", { name: "cometchat-uid-5" })).toBeChecked();
  await expect(checklist.getByRole("checkbox", { name: "ghost-user-404" })).toBeChecked();
  await expect(panel.getByText("1 duplicate merged")).toBeVisible();
  await expect(panel.getByText("bad.uid", { exact: true })).toBeVisible();
  await expect(panel.getByText(/cometchat-uid-3 is the blocker and was left out/)).toBeVisible();

  await panel.getByRole("button", { name: "Block", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("cometchat-uid-3 will block 3 users");
  await dialog.getByRole("button", { name: "Confirm block" }).click();

  const outcome = panel.getByRole("table", { name: "Outcome of the block" });
  await expect(outcome.getByRole("row", { name: /cometchat-uid-5/ })).toContainText("Blocked");
  await expect(outcome.getByRole("row", { name: /ghost-user-404/ })).toContainText("Not found");
  await expect(outcome.getByRole("row", { name: /ghost-user-404/ })).toContainText("does not exist");

  // Blocking again reads as already blocked.
  await panel.getByLabel("UIDs to block").fill("cometchat-uid-5");
  await panel.getByRole("button", { name: "Block", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm block" }).click();
  await expect(outcome.getByRole("row", { name: /cometchat-uid-5/ })).toContainText("Already blocked");

  const blocked = page.getByRole("region", { name: "Blocked by this user" });
  await expect(blocked.getByRole("rowheader", { name: /cometchat-uid-5/ })).toBeVisible();
  await blocked.getByRole("button", { name: "Unblock cometchat-uid-5" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm unblock" }).click();
  await expect(page.getByText("Unblocked cometchat-uid-5.")).toBeVisible();
  await expect(blocked.getByRole("rowheader", { name: /cometchat-uid-5/ })).toHaveCount(0);
});

test("a block for 24 hours shows when it ends, and a moderator makes it last until unblocked", async ({ page }) => {
  await page.goto("/users/siobhan-kelly");
  const panel = page.getByRole("region", { name: "Block users" });
  await panel.getByLabel("UIDs to block").fill("amara-okafor");
  await panel.getByRole("button", { name: "Block", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Block for")).toHaveValue("forever");
  await dialog.getByLabel("Block for").selectOption({ label: "24 hours" });
  await dialog.getByRole("button", { name: "Confirm block" }).click();
  await expect(panel.getByRole("table", { name: "Outcome of the block" })).toContainText("Blocked");

  const blocked = page.getByRole("region", { name: "Blocked by this user" });
  const row = blocked.getByRole("row", { name: /amara-okafor/ });
  await expect(row).toContainText(/expires in (24|23) h/);
  await row.getByRole("button", { name: "Change expiry of amara-okafor" }).click();
  const change = page.getByRole("dialog");
  await change.getByLabel("Block for, from now").selectOption({ label: "Until unblocked" });
  await change.getByRole("button", { name: "Save expiry" }).click();
  await expect(row).toContainText("until unblocked");

  await row.getByRole("button", { name: "Unblock amara-okafor" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm unblock" }).click();
  await expect(blocked.getByRole("row", { name: /amara-okafor/ })).toHaveCount(0);
});
