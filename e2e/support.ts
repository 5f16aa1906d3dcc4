import { expect, type Page } from "@playwright/test";
import { serverActionId } from "../tests/support/server-actions";

/** The operators of the end-to-end run; the admin is created at start from CONSOLE_ADMIN_*. */
export const ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password-1" };
export const OPERATORS = {
  support: { email: "support@e2e.test", name: "Sam Support", password: "e2e-support-password-1" },
  moderator: { email: "moderator@e2e.test", name: "Mia Moderator", password: "e2e-moderator-password-1" },
  auditor: { email: "auditor@e2e.test", name: "Ada Auditor", password: "e2e-auditor-password-1" },
} as const;

/** The chat API key the console under test holds: no response may ever contain it. */
export const CHAT_API_KEY = "e2e-secret-chat-api-key-d41d8cd98f00";

export const storageStateOf = (role: "admin" | keyof typeof OPERATORS) => `e2e/.auth/${role}.json`;

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Calls a server action as a forger would, with the page's session but without its controls; the raw answer. */
export async function forgeAction(
  page: Page,
  pagePath: string,
  exportedName: string,
  input: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<string> {
  const response = await page.request.post(pagePath, {
    headers: {
      "Next-Action": serverActionId(exportedName),
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
      ...extraHeaders,
    },
    data: JSON.stringify([input]),
  });
  return response.text();
}
