import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { startConsole, type ConsoleServer } from "../tests/support/console-server";
import { callActionOver, signIn as signInOver } from "../tests/support/console-session";
import { expectNoSeriousViolations } from "./axe";
import { ADMIN, CHAT_API_KEY, forgeAction, OPERATORS, signIn, storageStateOf } from "./support";

/**
 * The reports queue on the demo raid (63 raid messages and 3 ordinary ones reported): a moderator
 * (the admin) and a second one (Mia Moderator) decide at the real embedded chat service, checked at
 * /v3; support reads and cannot decide.
 */

const headers = { apikey: CHAT_API_KEY };
const v3 = async (request: APIRequestContext, path: string) => {
  const response = await request.get(`/v3${path}`, { headers });
  return { status: response.status(), body: (await response.json()) as { data: unknown } };
};

async function stillFlagged(request: APIRequestContext, messageId: string): Promise<boolean> {
  const { body } = await v3(request, "/moderation/flagged-messages?limit=1000");
  return (body.data as Array<{ id: string }>).some((item) => item.id === messageId);
}

/** The queue filtered as the URL says, read from the service first; the first report's id and its row. */
async function openQueue(page: Page, query = "") {
  await page.goto(`/reports${query}`);
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("status").filter({ hasText: /waiting at the chat service/ })).toBeVisible();
}

async function openFirstReport(page: Page): Promise<string> {
  const link = page.getByRole("link", { name: /^Open report of message \d+$/ }).first();
  const id = (await link.textContent())!.replace(/\D/g, "");
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: `Report of message ${id}` })).toBeVisible();
  return id;
}

async function decide(page: Page, decision: "Keep" | "Remove message", reason: string, options: string[] = []) {
  const form = page.getByRole("form", { name: "Decide" });
  await form.getByRole("radio", { name: decision }).check();
  await form.getByLabel("Reason", { exact: true }).selectOption({ label: reason });
  for (const option of options) await form.getByRole("checkbox", { name: option }).check();
  await form.getByRole("button", { name: decision }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: decision === "Keep" ? "Confirm keep" : "Confirm removal" }).click();
  return dialog;
}

test.describe.configure({ mode: "serial" });

test("a moderator reads a raider's report in its context, removes it and blocks the sender for every reporter", async ({
  page,
  request,
}) => {
  await openQueue(page, "?text=500+USDT&reason=spam");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Reports/ })).toContainText(
    /\d+/,
  );
  await expectNoSeriousViolations(page);
  const id = await openFirstReport(page);
  await expect(page.getByText("You are reviewing this report")).toBeVisible();
  await expectNoSeriousViolations(page);

  const context = page.getByRole("list", { name: "Messages around the reported one" });
  await expect(context.getByRole("listitem").filter({ hasText: "Reported message" })).toHaveCount(1);
  expect(await context.getByRole("listitem").count()).toBeGreaterThan(2);
  // Links are shown as text with their domain, never as links.
  await expect(page.getByText("link to usdt-drop.example").first()).toBeVisible();
  await expect(page.locator('a[href*="usdt-drop"]')).toHaveCount(0);

  // Who sent it and who reported it, as the chat service says.
  const flagged = await v3(request, "/moderation/flagged-messages?limit=1000");
  const item = (flagged.body.data as Array<{ id: string; sender: string; flaggedBy: Array<{ uid: string }> }>).find(
    (entry) => entry.id === id,
  )!;
  const reporterUids = item.flaggedBy.map((reporter) => reporter.uid);
  await expect(page.getByRole("table", { name: `Reported by ${reporterUids.length}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Sender", exact: true })).toContainText(item.sender);

  const dialog = await decide(page, "Remove message", "Spam or scam", ["Block the sender for each reporter"]);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("table", { name: "Outcome of each report" })).toContainText("Decided");
  await expect(page.getByRole("table", { name: "Calls on the senders" })).not.toContainText("Failed");

  const message = await v3(request, `/messages/${id}`);
  expect(message.body.data).toHaveProperty("deletedAt");
  expect(await stillFlagged(request, id)).toBe(false);
  for (const reporter of reporterUids) {
    const blocked = await v3(request, `/users/${reporter}/blockedusers?perPage=1000`);
    expect((blocked.body.data as Array<{ uid: string }>).map((user) => user.uid)).toContain(item.sender);
  }
});

test("a moderator keeps the unfair report of cometchat-uid-2's warning", async ({ page, request }) => {
  await openQueue(page, "?sender=cometchat-uid-2");
  const id = await openFirstReport(page);
  await expect(page.getByRole("region", { name: "Message", exact: true })).toContainText("usdt-drop");
  await decide(page, "Keep", "Reported unfairly");
  await expect(page.getByRole("table", { name: "Outcome of each report" })).toContainText("Decided");
  await expect(page.getByText(/Kept by Administrator/).first()).toBeVisible();

  const message = await v3(request, `/messages/${id}`);
  expect(message.body.data).not.toHaveProperty("deletedAt");
  expect(await stillFlagged(request, id)).toBe(false);
});

test("a moderator decides every open report of one sender at once", async ({ page, request }) => {
  await openQueue(page, "?sender=brittanywhite3223");
  const ids = (await page.getByRole("link", { name: /^Open report of message \d+$/ }).allTextContents()).map((text) =>
    text.replace(/\D/g, ""),
  );
  expect(ids.length).toBeGreaterThan(1);
  await openFirstReport(page);
  await page.getByRole("radio", { name: `Every open report of this sender (${ids.length})` }).check();
  const dialog = await decide(page, "Remove message", "Harassment");
  await expect(dialog).toBeHidden();
  const outcomes = page.getByRole("table", { name: "Outcome of each report" });
  await expect(outcomes.getByRole("row").filter({ hasText: "Decided" })).toHaveCount(ids.length);
  for (const id of ids) expect(await stillFlagged(request, id)).toBe(false);

  await page.goto("/reports?sender=brittanywhite3223");
  await expect(page.getByText("No reports match these filters.")).toBeVisible();
});

test("a second moderator sees the claim, and is refused a decision someone else made", async ({ page, browser }) => {
  await openQueue(page, "?text=500+USDT&sort=newest");
  const id = await openFirstReport(page);
  await expect(page.getByText("You are reviewing this report")).toBeVisible();

  const mia = await browser.newContext({ storageState: storageStateOf("moderator") });
  const second = await mia.newPage();
  await second.goto(`/reports/${id}`);
  await expect(second.getByText("Being reviewed by Administrator").first()).toBeVisible();
  await expect(second.getByRole("button", { name: "Take over" })).toBeVisible();
  const refusedWhileHeld = await decide(second, "Keep", "Not against the rules");
  await expect(refusedWhileHeld).toContainText("Being reviewed by Administrator: take it over first.");
  await refusedWhileHeld.getByRole("button", { name: "Cancel" }).click();

  await decide(page, "Remove message", "Part of a raid");
  await expect(page.getByRole("table", { name: "Outcome of each report" })).toContainText("Decided");

  const refused = await decide(second, "Keep", "Not against the rules");
  await expect(refused).toContainText("Already decided: Administrator removed the message.");
  await mia.close();
});

test("support reads the queue and a report, is offered no decision, and a forged one is refused", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ storageState: storageStateOf("support") });
  const page = await context.newPage();
  await page.goto("/reports");
  await expect(page.getByText("deciding on them is for moderators and admins").first()).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Select report/ })).toHaveCount(0);
  const id = await openFirstReport(page);
  await expect(page.getByRole("form", { name: "Decide" })).toHaveCount(0);
  await expect(page.getByText("You are reviewing this report")).toHaveCount(0);

  const answer = await forgeAction(page, `/reports/${id}`, "removeReportsAction", {
    target: { kind: "reports", messageIds: [id] },
    reasonCode: "spam",
    reasonText: "",
    blockForReporters: true,
    deactivateSender: true,
    banFromGroup: true,
  });
  expect(answer).toContain("does not allow you to decide on reported messages");
  expect(await stillFlagged(request, id)).toBe(true);
  expect((await v3(request, `/messages/${id}`)).body.data).not.toHaveProperty("deletedAt");
  await context.close();
});

test("a report's page fits a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/reports?sort=newest");
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(390);
  await openFirstReport(page);
  expect(await width()).toBeLessThanOrEqual(390);
});

test("the action log has each decision, with the sender among its UIDs", async ({ page }) => {
  await page.goto("/audit?action=report.remove");
  const removals = page.getByRole("table").getByRole("row").filter({ hasText: "report.remove" });
  expect(await removals.count()).toBeGreaterThanOrEqual(3);
  // The kept report, and the second moderator's two refused attempts, logged as refused.
  await page.goto("/audit?action=report.keep");
  const keeps = page.getByRole("table").getByRole("row").filter({ hasText: "report.keep" });
  await expect(keeps.filter({ hasText: "Succeeded" })).toHaveCount(1);
  await expect(keeps.filter({ hasText: "Failed" })).toHaveCount(2);
  await page.goto("/audit?uid=brittanywhite3223&action=report.remove");
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: "report.remove" })).toHaveCount(1);
  // A reporter's UID finds the removal made for them, with its blocks.
  await page.goto("/audit?uid=amara-okafor&action=report.remove");
  expect(await page.getByRole("table").getByRole("row").filter({ hasText: "report.remove" }).count()).toBeGreaterThan(
    0,
  );
});

/** A page signed in as `who` on a console of its own. */
async function pageOn(browser: Browser, server: ConsoleServer, who: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: server.baseUrl, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, who.email, who.password);
  return { context, page };
}

test("a decision over the threshold runs as a job: a second moderator approves it, checked at /v3", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // Blocks for more than two reporters need a second operator here.
  const server = await startConsole({
    env: {
      APPROVAL_THRESHOLD_UIDS: "2",
      CONSOLE_ADMIN_EMAIL: ADMIN.email,
      CONSOLE_ADMIN_PASSWORD: ADMIN.password,
    },
  });
  const contexts: Array<{ close: () => Promise<void> }> = [];
  try {
    const admin = await signInOver(server, ADMIN);
    const created = await callActionOver(
      server,
      admin,
      "createOperatorAction",
      { ...OPERATORS.moderator, role: "moderator" },
      "/operators",
    );
    expect(created.ok).toBe(true);
    const at = async (path: string) => {
      const response = await fetch(`${server.baseUrl}/v3${path}`, { headers: { apikey: server.apiKey } });
      return (await response.json()) as { data: unknown };
    };
    type Flagged = { id: string; sender: string; flaggedBy: Array<{ uid: string }> };
    const flagged = async () => (await at("/moderation/flagged-messages?limit=1000")).data as Flagged[];
    // The raider whose reports have the most reporters: more than the threshold.
    const bySender = new Map<string, Flagged[]>();
    for (const item of await flagged()) bySender.set(item.sender, [...(bySender.get(item.sender) ?? []), item]);
    const reportersOf = (items: Flagged[], sender: string) =>
      [...new Set(items.flatMap((item) => item.flaggedBy.map((entry) => entry.uid)))].filter((uid) => uid !== sender);
    const [sender, reports] = [...bySender].sort(
      ([a, x], [b, y]) => reportersOf(y, b).length - reportersOf(x, a).length,
    )[0]!;
    const reporters = reportersOf(reports, sender);
    expect(reporters.length).toBeGreaterThan(2);

    const first = await pageOn(browser, server, ADMIN);
    const second = await pageOn(browser, server, OPERATORS.moderator);
    contexts.push(first.context, second.context);
    const page = first.page;
    await openQueue(page, `?sender=${sender}`);
    const reportId = await openFirstReport(page);
    if (reports.length > 1)
      await page.getByRole("radio", { name: `Every open report of this sender (${reports.length})` }).check();
    const form = page.getByRole("form", { name: "Decide" });
    await form.getByRole("radio", { name: "Remove message" }).check();
    await form.getByLabel("Reason", { exact: true }).selectOption({ label: "Part of a raid" });
    await form.getByRole("checkbox", { name: "Block the sender for each reporter" }).check();
    await form.getByRole("button", { name: "Remove message" }).click();
    // The confirmation says it runs as a job that needs a second operator.
    const dialog = page.getByRole("dialog");
    const notice = dialog.getByRole("status").filter({ hasText: "This decision runs as an incident job" });
    await expect(notice).toContainText(`${reporters.length} act on UIDs`);
    await expect(notice).toContainText("nothing is sent until another moderator or admin approves it");
    await expect(notice).toContainText("cannot be restored through the console");
    await dialog.getByRole("button", { name: "Request approval" }).click();
    await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
    const jobUrl = page.url();
    await expect(page.getByRole("region", { name: "Approval" })).toContainText("Waiting for approval");

    // The second moderator sees the report held by the job, and approves it.
    await second.page.goto(`/reports/${reportId}`);
    await expect(second.page.getByText(/Being decided by job/).first()).toBeVisible();
    expect(await flagged()).toEqual(expect.arrayContaining([expect.objectContaining({ id: reportId })]));
    await second.page.goto(jobUrl);
    await second.page.getByRole("region", { name: "Approval" }).getByRole("button", { name: "Approve" }).click();
    const approve = second.page.getByRole("dialog");
    await approve.getByLabel("Reason for your decision").fill("Checked: a raider");
    await approve.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, {
      timeout: 60_000,
    });
    await page.reload();
    const outcomes = page.getByRole("table", { name: "Outcome per report and call" });
    await expect(outcomes.getByRole("row").filter({ hasText: "Decided" })).toHaveCount(reports.length);
    await expect(outcomes.getByRole("row").filter({ hasText: `blocks ${sender}` })).toHaveCount(reporters.length);

    // At /v3: every message deleted and no longer waiting for review, the sender blocked by every reporter.
    const left = await flagged();
    for (const report of reports) {
      expect(left.some((item) => item.id === report.id)).toBe(false);
      expect((await at(`/messages/${report.id}`)).data).toHaveProperty("deletedAt");
    }
    for (const reporter of reporters) {
      const blocked = (await at(`/users/${reporter}/blockedusers?perPage=1000`)).data as Array<{ uid: string }>;
      expect(blocked.map((user) => user.uid)).toContain(sender);
    }
    // The queue and the log.
    await page.goto(`/reports/${reportId}`);
    await expect(page.getByText(/Removed by Administrator/).first()).toBeVisible();
    await page.goto(`/audit?uid=${sender}&action=report.remove`);
    await expect(page.getByRole("table").getByRole("row").filter({ hasText: "report.remove" })).toHaveCount(1);
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
  }
});
