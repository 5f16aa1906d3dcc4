import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { serverActionId } from "../tests/support/server-actions";
import { ADMIN, OPERATORS, storageStateOf } from "./support";

/** The sequence numbers of the entries the table shows, top to bottom. */
async function shownSeqs(page: Page): Promise<number[]> {
  const cells = page
    .getByRole("table", { name: /Entries of the action log/ })
    .getByRole("row")
    .locator("td:first-child");
  return (await cells.allTextContents()).map(Number);
}

test("an action appears in the log with who, what, whom, the reason and the outcome", async ({ page }) => {
  // Nancy Grace's copy of her conversation with brittany-cole.
  await page.goto("/users/cometchat-uid-3");
  await page.getByRole("button", { name: /^Edit tags with Brittany/ }).click();
  const tags = page.getByRole("dialog", { name: "Edit tags" });
  await expect(tags).toHaveAccessibleDescription(/^As Nancy Grace \(cometchat-uid-3\)/);
  await tags.getByLabel("Tags", { exact: true }).fill("audited,");
  await expect(tags.getByRole("button", { name: "Remove tag audited" })).toBeVisible();
  await tags.getByLabel("Reason").fill("E2E audit check");
  await tags.getByRole("button", { name: "Save tags" }).click();
  await expect(tags.getByText("Tags saved")).toBeVisible();
  await tags.getByRole("button", { name: "Close" }).click();

  // The workspace shows it among the recent actions on that user, at once.
  const recent = page.getByRole("region", { name: "Recent actions on cometchat-uid-3" });
  await expect(recent.getByRole("row").filter({ hasText: "conversation.tags.update" }).first()).toBeVisible();

  await page.goto("/audit");
  await page.getByLabel("UID", { exact: true }).fill("brittany-cole");
  await page.getByLabel("Action", { exact: true }).selectOption("conversation.tags.update");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/uid=brittany-cole/);
  await expect(page).toHaveURL(/action=conversation.tags.update/);

  const rows = page.getByRole("table", { name: /Entries of the action log/ }).getByRole("row");
  const completed = rows.filter({ hasText: "Succeeded" }).first();
  await expect(completed).toContainText(ADMIN.email);
  // The filtered UID leads; the owner is the other UID it affected.
  await expect(completed).toContainText("brittany-cole and 1 more");
  await expect(completed).toContainText("200");

  await completed.getByRole("link", { name: /Details of entry/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Operation / })).toBeVisible();
  await expect(page.getByText("2 entries: the request, then how it ended.")).toBeVisible();
  const entries = page.getByRole("region", { name: /Entry #\d+: conversation.tags.update/ });
  await expect(entries).toHaveCount(2);
  await expect(entries.last()).toContainText("E2E audit check");
  await expect(entries.last()).toContainText(/tags: before .*, after .*audited/);
  await expect(entries.last()).toContainText("Conversation brittany-cole_user_cometchat-uid-3");
});

test("a block's per-UID outcomes are in the log", async ({ page }) => {
  await page.goto("/users/cometchat-uid-4");
  await page.getByLabel("UIDs to block").fill("kevin-price ghost-for-audit");
  await page.getByRole("button", { name: "Block", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm block" }).click();
  await expect(page.getByRole("table", { name: "Outcome of the block" })).toBeVisible();

  await page.goto("/audit?action=users.block&uid=cometchat-uid-4&outcome=partial");
  await page
    .getByRole("link", { name: /Details of entry/ })
    .first()
    .click();
  const perUid = page.getByRole("table", { name: "Outcome per UID" });
  await expect(perUid.getByRole("row", { name: /kevin-price/ })).toContainText("Blocked");
  await expect(perUid.getByRole("row", { name: /ghost-for-audit/ })).toContainText("Not found");
});

test("who blocked a UID: found through the UID filter, with links to the operator, the UIDs and the entry", async ({
  page,
}) => {
  await page.goto("/users/cometchat-uid-5");
  await page.getByLabel("UIDs to block").fill("amara-okafor");
  await page.getByLabel("Reason").fill("E2E who blocked");
  await page.getByRole("button", { name: "Block", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm block" }).click();
  await expect(page.getByRole("table", { name: "Outcome of the block" })).toBeVisible();

  await page.goto("/audit");
  await page.getByLabel("UID", { exact: true }).fill("amara-okafor");
  await page.getByLabel("Action", { exact: true }).selectOption("users.block");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/uid=amara-okafor/);
  const table = page.getByRole("table", { name: /Entries of the action log/ });
  const row = table.getByRole("row").filter({ hasText: ADMIN.email }).first();
  await expect(row).toContainText("amara-okafor");
  await expect(row).toContainText("and 1 more");
  await expect(row).toContainText("Succeeded");

  // The operator's name leads to that operator's actions.
  await row.getByRole("link", { name: ADMIN.email }).click();
  await expect(page).toHaveURL(new RegExp(`actor=${encodeURIComponent(ADMIN.email)}`));
  await page.goBack();

  await table
    .getByRole("row")
    .filter({ hasText: ADMIN.email })
    .first()
    .getByRole("link", { name: /Details of entry/ })
    .click();
  const affected = page.getByRole("region", { name: /Affected UIDs \(2\)/ });
  await expect(affected.getByRole("link", { name: "cometchat-uid-5" })).toBeVisible();
  await affected.getByRole("link", { name: "amara-okafor" }).click();
  await expect(page).toHaveURL(/\/users\/amara-okafor$/);
});

test("quick ranges set the date filter from now, in the URL", async ({ page }) => {
  await page.goto("/audit?action=auth.sign_in");
  for (const [label, hours] of [
    ["Last hour", 1],
    ["Last 7 days", 7 * 24],
    ["Today", 24],
  ] as const) {
    const before = new URL(page.url()).searchParams.get("from");
    await page.getByRole("button", { name: label }).click();
    // The URL before the click may already carry a `from`: wait for this range's.
    await expect.poll(() => new URL(page.url()).searchParams.get("from")).not.toBe(before);
    const from = new URL(page.url()).searchParams.get("from")!;
    const ago = Date.now() - Date.parse(from);
    expect(ago).toBeGreaterThanOrEqual(0);
    expect(ago).toBeLessThanOrEqual(hours * 3_600_000 + 60_000);
    expect(new URL(page.url()).searchParams.get("action")).toBe("auth.sign_in");
    await expect(page.getByRole("table", { name: /Entries of the action log/ })).toContainText("auth.sign_in");
  }
  await page.goto("/audit?to=2020-01-01");
  await expect(page.getByText("No entries match.")).toBeVisible();
});

test.describe("an auditor", () => {
  test.use({ storageState: storageStateOf("auditor") });

  test("starts at the log, sees everyone's actions, has no action controls, and a forged action is refused", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/audit$/);
    await expect(page.getByRole("link", { name: "Users" })).toHaveCount(0);
    await expect(page.getByRole("table", { name: /Entries of the action log/ })).toContainText(ADMIN.email);

    // A user's workspace is read-only for an auditor: the profile, the notes and the log's entries on the UID.
    await page.goto("/users/cometchat-uid-1");
    await expect(page.getByRole("heading", { name: "Notes", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Conversations" })).toHaveCount(0);
    await expect(page.getByLabel("UIDs to block")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save tags" })).toHaveCount(0);

    const forged = await page.request.post("/audit", {
      headers: {
        "Next-Action": serverActionId("blockUsersAction"),
        "Content-Type": "text/plain;charset=UTF-8",
        Accept: "text/x-component",
      },
      data: JSON.stringify([{ blocker: "cometchat-uid-1", uids: ["amara-okafor"] }]),
    });
    expect(await forged.text()).toContain("does not allow you to block users");

    await page.goto(`/audit?actor=${encodeURIComponent(OPERATORS.auditor.email)}&action=users.block&outcome=failed`);
    await expect(page.getByRole("table", { name: /Entries of the action log/ })).toContainText("FORBIDDEN");
  });

  test("signs a checkpoint, and finds the public key to check it with", async ({ page }) => {
    await page.goto("/audit");
    await page.getByRole("button", { name: "Sign checkpoint" }).click();
    await expect(page.getByText(/Checkpoint signed at [\d,]+ entries/)).toBeVisible();
    await expect(page.getByText(/^moderator-console\/audit-log\//).first()).toBeVisible();
    const key = await page.request.get("/audit/public-key");
    expect(await key.text()).toMatch(/^moderator-console\/audit-log\/[0-9a-f]{16}\+[0-9a-f]{8}\+/);
    await page.getByRole("button", { name: "Verify integrity" }).click();
    await expect(page.getByText(/signed checkpoints? checked/)).toBeVisible();
  });

  test("verifies the chain", async ({ page }) => {
    await page.goto("/audit");
    await page.getByRole("button", { name: "Verify integrity" }).click();
    await expect(page.getByText("The action log is intact")).toBeVisible();
    await expect(page.getByText(/signed checkpoints? checked in/)).toBeVisible();
  });

  test("exports what the filter shows, as CSV and as NDJSON", async ({ page }) => {
    await page.goto("/audit?action=auth.sign_in");
    const shown = await shownSeqs(page);
    expect(shown.length).toBeGreaterThan(3);

    const [csvDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const csv = readFileSync(await csvDownload.path(), "utf8")
      .trim()
      .split("\r\n");
    const header = csv[0]!.split(",");
    expect(header.slice(0, 8)).toEqual([
      "seq",
      "id",
      "occurred_at",
      "operation_id",
      "actor_id",
      "actor_email",
      "actor_role",
      "action",
    ]);
    const lines = csv.slice(1).map((line) => line.split(","));
    expect(lines.map((cells) => Number(cells[0]))).toEqual(shown);
    expect(lines.every((cells) => cells[header.indexOf("action")] === "auth.sign_in")).toBe(true);

    const [ndjsonDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export NDJSON" }).click(),
    ]);
    const records = readFileSync(await ndjsonDownload.path(), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { seq: number; action: string; hash: string });
    expect(records.map((record) => record.seq)).toEqual(shown);
    expect(records.every((record) => record.action === "auth.sign_in" && /^[0-9a-f]{64}$/.test(record.hash))).toBe(
      true,
    );

    // Each export is itself recorded.
    await page.goto("/audit?action=audit.export");
    await expect(
      page
        .getByRole("table", { name: /Entries of the action log/ })
        .getByRole("row")
        .filter({ hasText: "Succeeded" }),
    ).toHaveCount(2);
  });
});

test.describe("a support operator", () => {
  test.use({ storageState: storageStateOf("support") });

  test("sees only their own actions, and cannot export", async ({ page }) => {
    await page.goto("/audit");
    const table = page.getByRole("table", { name: /Entries of the action log/ });
    await expect(table).toContainText(OPERATORS.support.email);
    await expect(table).not.toContainText(ADMIN.email);
    await expect(page.getByLabel("Actor", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    const response = await page.request.get("/audit/export?format=csv");
    expect(response.status()).toBe(403);
  });
});
