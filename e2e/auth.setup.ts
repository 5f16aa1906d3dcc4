import { expect, test as setup } from "@playwright/test";
import { ADMIN, OPERATORS, signIn, storageStateOf } from "./support";

setup("sign in as the admin and add an operator of each other role", async ({ page, browser }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.context().storageState({ path: storageStateOf("admin") });

  await page.goto("/operators");
  for (const [role, operator] of Object.entries(OPERATORS)) {
    const form = page.getByRole("region", { name: "Add an operator" });
    await form.getByLabel("Email").fill(operator.email);
    await form.getByLabel("Name").fill(operator.name);
    await form.getByLabel("Role").selectOption(role);
    await form.getByLabel("Initial password").fill(operator.password);
    await form.getByRole("button", { name: "Add operator" }).click();
    await expect(form.getByRole("status")).toContainText(`Created ${operator.email}`);
  }

  for (const [role, operator] of Object.entries(OPERATORS)) {
    const context = await browser.newContext();
    const rolePage = await context.newPage();
    await signIn(rolePage, operator.email, operator.password);
    await context.storageState({ path: storageStateOf(role as keyof typeof OPERATORS) });
    await context.close();
  }
});
