import { expect, test } from "@playwright/test";
import { chatGet, createUsers } from "./chat-service";
import { forgeAction, storageStateOf } from "./support";

const RUN = Date.now().toString(36);
const ALREADY_DEACTIVATED = "crypto-gains-152";

test("deactivate an account from its workspace, and reactivate it", async ({ page, request }) => {
  const [uid] = (await createUsers(request, `deact-${RUN}`, 1)) as [string];
  await page.goto(`/users/${uid}`);
  const profile = page.getByRole("region", { name: "Test user 0" });
  await expect(profile).toContainText("Active");

  await profile.getByRole("button", { name: `Deactivate ${uid}` }).click();
  let dialog = page.getByRole("dialog", { name: `Deactivate Test user 0 (${uid})?` });
  await dialog.getByLabel("Reason").fill("Raid account");
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expect(profile.getByText("Deactivated", { exact: true })).toBeVisible();
  expect((await chatGet(request, `/users/${uid}`)).body).toMatchObject({ error: { code: "ERR_UID_NOT_FOUND" } });

  // Read again, the workspace still finds the account, and says it is deactivated.
  await page.reload();
  await expect(profile.getByText("Deactivated", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Conversations/ })).toContainText("This account is deactivated");

  await profile.getByRole("button", { name: `Reactivate ${uid}` }).click();
  dialog = page.getByRole("dialog", { name: `Reactivate Test user 0 (${uid})?` });
  await dialog.getByLabel("Reason").fill("Appeal accepted");
  await dialog.getByRole("button", { name: "Reactivate" }).click();
  await expect(profile.getByText("Active", { exact: true })).toBeVisible();
  const back = await chatGet(request, `/users/${uid}`);
  expect(back.status).toBe(200);
  expect(back.body.data).toMatchObject({ uid, name: "Test user 0" });

  await page.goto(`/audit?uid=${uid}`);
  const table = page.getByRole("table", { name: /Entries of the action log/ });
  await expect(table).toContainText("user.deactivate");
  await expect(table).toContainText("user.reactivate");
});

test.describe("as support", () => {
  test.use({ storageState: storageStateOf("support") });

  test("sees a deactivated account as such, is offered no reactivation, and a forged one is refused", async ({
    page,
    request,
  }) => {
    await page.goto(`/users/${ALREADY_DEACTIVATED}`);
    const profile = page.getByRole("region", { name: "Crypto Gains 152" });
    await expect(profile.getByText("Deactivated", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Reactivate|Deactivate)/ })).toHaveCount(0);
    const answer = await forgeAction(page, `/users/${ALREADY_DEACTIVATED}`, "reactivateUserAction", {
      uid: ALREADY_DEACTIVATED,
      reason: "forged",
    });
    expect(answer).toContain("does not allow you to reactivate users");
    expect((await chatGet(request, `/users/${ALREADY_DEACTIVATED}`)).status).toBe(404);
  });
});
