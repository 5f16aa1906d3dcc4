import { expect, test } from "@playwright/test";
import { forgeAction, OPERATORS, signIn, storageStateOf } from "./support";

test.describe("a support operator", () => {
  test.use({ storageState: storageStateOf("support") });

  test("sees no blocking controls, and a forged call to the block action is refused", async ({ page }) => {
    await page.goto("/users/cometchat-uid-1");
    await expect(page.getByRole("heading", { level: 1, name: "Andrew Joseph" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit tags with George Alan" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /^Select / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Block selected" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Block users" })).toHaveCount(0);
    await expect(page.getByLabel("UIDs to block")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Unblock/ })).toHaveCount(0);

    const answer = await forgeAction(page, "/users/cometchat-uid-1", "blockUsersAction", {
      blocker: "cometchat-uid-1",
      uids: ["amara-okafor"],
    });
    expect(answer).toContain("does not allow you to block users");

    await page.reload();
    await expect(
      page.getByRole("region", { name: "Blocked by this user" }).getByRole("cell", { name: "amara-okafor" }),
    ).toHaveCount(0);
  });

  test("cannot open the Operators page", async ({ page }) => {
    await page.goto("/operators");
    await expect(page.getByRole("heading", { name: "Your role cannot open that page" })).toBeVisible();
    await expect(
      page.getByText(/for operators who may manage operators: the Admin role\. You are signed in as Support/),
    ).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Operators" })).toHaveCount(0);
  });
});

test.describe("without a session", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("every page leads to sign-in, and actions are refused", async ({ page }) => {
    for (const pagePath of ["/", "/users", "/users/cometchat-uid-1", "/operators"]) {
      await page.goto(pagePath);
      await expect(page).toHaveURL(/\/login/);
    }
    // A made-up session cookie gets past the proxy's cookie check; the action itself refuses it.
    const answer = await forgeAction(
      page,
      "/users/cometchat-uid-2",
      "updateConversationTagsAction",
      { uid: "cometchat-uid-2", onBehalfOf: "cometchat-uid-1", tags: ["forged"] },
      { Cookie: "authjs.session-token=forged-token" },
    );
    expect(answer).toContain("Your session has ended");
  });

  test("a wrong password gets a message that does not say whether the email exists", async ({ page }) => {
    await page.goto("/login");
    for (const email of ["admin@e2e.test", "nobody@e2e.test"]) {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("wrong-password-123");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
        "That email and password do not match an active operator.",
      );
    }
  });

  test("after 5 failures for an email, sign-in says to try again later", async ({ page }) => {
    await page.goto("/login");
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await page.getByLabel("Email").fill("locked-out@e2e.test");
      await page.getByLabel("Password").fill(`wrong-password-${attempt}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toContainText(
        attempt <= 5 ? "do not match" : "Try again later",
      );
    }
  });
});

test("a disabled operator is signed out at their next request", async ({ page, browser }) => {
  const temp = { email: "temporary@e2e.test", password: "temporary-password-1" };
  await page.goto("/operators");
  const form = page.getByRole("region", { name: "Add an operator" });
  await form.getByLabel("Email").fill(temp.email);
  await form.getByLabel("Name").fill("Tom Temporary");
  await form.getByLabel("Role").selectOption("moderator");
  await form.getByLabel("Initial password").fill(temp.password);
  await form.getByRole("button", { name: "Add operator" }).click();
  await expect(form.getByRole("status")).toContainText(`Created ${temp.email}`);

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const tempPage = await context.newPage();
  await signIn(tempPage, temp.email, temp.password);
  await tempPage.goto("/users/cometchat-uid-1");
  await expect(tempPage.getByRole("region", { name: "Block users" })).toBeVisible();

  await page.reload();
  await page.getByRole("button", { name: `Disable ${temp.email}` }).click();
  const confirm = page.getByRole("dialog", { name: `Disable Tom Temporary (${temp.email})?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Confirm disable" }).click();
  await expect(page.getByText(`${temp.email} is disabled`)).toBeVisible();

  await tempPage.reload();
  await expect(tempPage).toHaveURL(/\/login/);
  await expect(tempPage.getByText("Your session has ended")).toBeVisible();
  await context.close();
});

test("signing out ends the session, and its cookie is refused even if kept", async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, OPERATORS.support.email, OPERATORS.support.password);
  const kept = await context.cookies();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText("You have signed out.")).toBeVisible();

  await context.addCookies(kept);
  await page.goto("/users");
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});
