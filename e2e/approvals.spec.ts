import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { chatCall } from "../tests/support/chat-client";
import { startConsole } from "../tests/support/console-server";
import { callActionOver, signIn as signInOver } from "../tests/support/console-session";
import { ADMIN, CHAT_API_KEY, forgeAction, OPERATORS, signIn, storageStateOf } from "./support";

/**
 * Two-person approval, with the admin (the default context) and a moderator in two browser contexts:
 * a job above APPROVAL_THRESHOLD_UIDS (500 here) sends nothing until a second operator approves it.
 */

const chat = (request: APIRequestContext, method: "get" | "put" | "post" | "delete", path: string, data?: object) =>
  request[method](`/v3${path}`, { headers: { apikey: CHAT_API_KEY }, data });

async function chatUsers(request: APIRequestContext, prefix: string, count: number): Promise<string[]> {
  expect((await chat(request, "post", "/embedded/users", { prefix, count })).status()).toBe(200);
  return Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
}

/** UIDs that reached the chat service in a block call since the journal was cleared. */
async function sentUids(request: APIRequestContext): Promise<string[]> {
  const answer = await chat(request, "get", "/embedded/journal");
  return ((await answer.json()) as { data: Array<{ uids: string[] }> }).data.flatMap((call) => call.uids);
}

async function contextOf(browser: Browser, role: keyof typeof OPERATORS) {
  const context = await browser.newContext({ storageState: storageStateOf(role) });
  return { context, page: await context.newPage() };
}

/** Pastes a list in incident mode and previews it, as the requester does. */
async function preview(page: Page, blocker: string, reason: string, uids: string[]) {
  await page.goto("/incidents");
  const form = page.getByRole("region", { name: "Block a list of users" });
  await form.getByLabel("On behalf of").fill(blocker);
  await form.getByLabel("Reason").fill(reason);
  await form.getByLabel("UIDs to block").fill(uids.join("\n"));
  await form.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("region", { name: "Preview" })).toContainText(`To block${uids.length}`);
}

/** Requests approval of a large job through the form; the job's page after it. */
async function requestApproval(page: Page, blocker: string, reason: string, uids: string[]): Promise<string> {
  await preview(page, blocker, reason, uids);
  await expect(page.getByRole("region", { name: "Preview" })).toContainText("Needs a second operator's approval");
  await page.getByRole("button", { name: "Start blocking" }).click();
  const dialog = page.getByRole("dialog", {
    name: `Request approval to block ${uids.length} users on behalf of ${blocker}?`,
  });
  await dialog.getByRole("button", { name: "Request approval" }).click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("region", { name: "Approval" })).toContainText("Waiting for approval");
  return page.url().split("/").at(-1)!;
}

async function decide(page: Page, button: "Approve" | "Reject" | "Withdraw", reason: string) {
  const approval = page.getByRole("region", { name: "Approval" });
  await approval.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Reason for your decision").fill(reason);
  await dialog.getByRole("button", { name: button }).click();
  await expect(dialog).toBeHidden();
}

test.beforeEach(async ({ request }) => {
  await chat(request, "put", "/embedded/settings", { journal: true });
  await chat(request, "delete", "/embedded/journal");
});

test("a large job waits for a second operator: nothing is sent until the admin approves it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [blocker] = await chatUsers(request, "approval-blocker-a", 1);
  const uids = await chatUsers(request, "approval-raid-a", 510);
  const moderator = await contextOf(browser, "moderator");
  const jobId = await requestApproval(moderator.page, blocker!, "Raid in #general, 510 accounts", uids);

  // The requester is offered "Withdraw", not "Approve"; a forged approval of their own is refused.
  const ownApproval = moderator.page.getByRole("region", { name: "Approval" });
  await expect(ownApproval.getByRole("button", { name: "Withdraw" })).toBeVisible();
  await expect(ownApproval.getByRole("button", { name: "Approve" })).toHaveCount(0);
  const forged = await forgeAction(moderator.page, `/incidents/${jobId}`, "approveRequestAction", {
    jobId,
    reason: "Approving my own",
  });
  expect(forged).toContain("You requested this job");

  // The admin's navigation counts it and the list shows it, without a reload.
  await page.goto("/incidents");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(
    nav.getByRole("link", { name: /^Incidents\s*, \d+ requests? waiting for your approval$/ }),
  ).toBeVisible();
  const waiting = page.getByRole("table", { name: "Waiting for approval, newest first" });
  await expect(waiting.getByRole("row", { name: new RegExp(blocker!) })).toContainText("510");
  expect(await sentUids(request)).toEqual([]);

  await waiting
    .getByRole("link", { name: new RegExp(`Review request of ${OPERATORS.moderator.email}`) })
    .first()
    .click();
  const approval = page.getByRole("region", { name: "Approval" });
  await expect(approval).toContainText("To block510");
  await expect(approval).toContainText("Raid in #general, 510 accounts");
  await expect(approval.getByRole("list", { name: "First UIDs to block" }).getByRole("listitem")).toHaveCount(20);
  await expect(approval.getByRole("link", { name: "Download the full list (CSV)" })).toBeVisible();
  await decide(page, "Approve", "Checked the list with the reporter");

  await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, { timeout: 120_000 });
  expect((await sentUids(request)).sort()).toEqual([...uids].sort());
  await expect(approval).toContainText("Checked the list with the reporter");
  await expect(approval.getByRole("link", { name: /admin@e2e\.test/ })).toHaveAttribute(
    "href",
    /\/audit\?actor=admin%40e2e\.test/,
  );
  await expect(approval.getByRole("link", { name: new RegExp(OPERATORS.moderator.email) })).toBeVisible();

  // The requester's page follows without a reload.
  await expect(moderator.page.getByRole("region", { name: "Progress" })).toContainText(/Status: (Running|Completed)/, {
    timeout: 30_000,
  });
  await moderator.context.close();
});

test("rejection and withdrawal each stop a request, and an approval after either is refused saying why", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [blocker] = await chatUsers(request, "approval-blocker-b", 1);
  const uids = await chatUsers(request, "approval-raid-b", 505);
  const moderator = await contextOf(browser, "moderator");

  const rejected = await requestApproval(moderator.page, blocker!, "Suspected raid", uids);
  await page.goto(`/incidents/${rejected}`);
  await decide(page, "Reject", "These are regulars, not raiders");
  await expect(page.getByRole("region", { name: "Approval" })).toContainText("Rejected by");
  await expect(page.getByRole("region", { name: "Progress" })).toContainText("Status: Rejected");
  const afterRejection = await forgeAction(page, `/incidents/${rejected}`, "approveRequestAction", {
    jobId: rejected,
    reason: "Changed my mind",
  });
  expect(afterRejection).toContain("was rejected by admin@e2e.test: it can no longer be approved");

  const withdrawn = await requestApproval(moderator.page, blocker!, "Suspected raid, again", uids);
  await decide(moderator.page, "Withdraw", "The reporter took it back");
  await expect(moderator.page.getByRole("region", { name: "Progress" })).toContainText("Status: Withdrawn");
  const afterWithdrawal = await forgeAction(page, `/incidents/${withdrawn}`, "approveRequestAction", {
    jobId: withdrawn,
    reason: "Approve anyway",
  });
  expect(afterWithdrawal).toContain("was withdrawn by its requester");
  expect(await sentUids(request)).toEqual([]);
  await moderator.context.close();
});

test("support and auditors are offered nothing, and their forged approvals are refused", async ({
  page,
  browser,
  request,
}) => {
  const [blocker] = await chatUsers(request, "approval-blocker-c", 1);
  const uids = await chatUsers(request, "approval-raid-c", 501);
  const jobId = await requestApproval(page, blocker!, "Raid from the admin", uids);
  for (const role of ["support", "auditor"] as const) {
    const other = await contextOf(browser, role);
    await other.page.goto(`/incidents/${jobId}`);
    await expect(other.page.getByRole("button", { name: "Approve" })).toHaveCount(0);
    // Support follows incidents (the link, without the approvals' badge); an auditor does not.
    await expect(
      other.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Incidents/ }),
    ).toHaveCount(role === "support" ? 1 : 0);
    const forged = await forgeAction(other.page, "/users", "approveRequestAction", { jobId, reason: "Forged" });
    expect(forged).toContain("does not allow you to decide on requests to block users");
    await other.context.close();
  }
  await page.goto(`/incidents/${jobId}`);
  await decide(page, "Withdraw", "Tested the roles");
  expect(await sentUids(request)).toEqual([]);
});

test("break glass: an admin starts a large job without approval, with a reason of 20 characters, flagged", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [blocker] = await chatUsers(request, "approval-blocker-d", 1);
  const uids = await chatUsers(request, "approval-raid-d", 502);
  await preview(page, blocker!, "Raid at 3 am", uids);
  await page.getByRole("button", { name: "Start without approval" }).click();
  const dialog = page.getByRole("dialog", { name: "Start blocking 502 users without approval?" });
  const reason = dialog.getByLabel("Why this cannot wait for a second operator");
  await reason.fill("Nobody awake");
  await dialog.getByRole("button", { name: "Start without approval" }).click();
  await expect(reason).toHaveAccessibleDescription(/in at least 20 characters/);
  expect(await sentUids(request)).toEqual([]);
  await reason.fill("Nobody else is on call at 3 am and the raid is ongoing");
  await dialog.getByRole("button", { name: "Start without approval" }).click();

  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  const approval = page.getByRole("region", { name: "Approval" });
  await expect(approval).toContainText("Started without approval");
  await expect(approval).toContainText("Nobody else is on call at 3 am");
  await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, { timeout: 90_000 });
  expect(await sentUids(request)).toHaveLength(502);

  // A moderator (as any other admin would) sees it in the history of requests.
  const moderator = await contextOf(browser, "moderator");
  await moderator.page.goto("/incidents");
  const history = moderator.page.getByRole("table", { name: "History of requests and starts without approval" });
  await expect(history.getByRole("row", { name: new RegExp(blocker!) })).toContainText("Started without approval");
  await moderator.context.close();

  // The action log flags it.
  await page.goto(`/audit?action=incident.job.break_glass`);
  await expect(
    page
      .getByRole("table")
      .getByRole("row", { name: new RegExp(blocker!) })
      .first(),
  ).toBeVisible();
});

test("a request nobody approves expires: its page says so without a reload, and a late approval is refused", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A console of its own, whose requests expire after six seconds rather than an hour.
  const server = await startConsole({
    env: {
      APPROVAL_THRESHOLD_UIDS: "2",
      APPROVAL_TTL_MINUTES: "0.1",
      CHAT_JOURNAL: "1",
      CONSOLE_ADMIN_EMAIL: ADMIN.email,
      CONSOLE_ADMIN_PASSWORD: ADMIN.password,
    },
  });
  const context = await browser.newContext({ baseURL: server.baseUrl, storageState: { cookies: [], origins: [] } });
  try {
    const admin = await signInOver(server, ADMIN);
    const moderator = OPERATORS.moderator;
    const created = await callActionOver(
      server,
      admin,
      "createOperatorAction",
      { ...moderator, role: "moderator" },
      "/operators",
    );
    expect(created.ok).toBe(true);
    const requested = await callActionOver<{ jobId: string }>(server, admin, "requestIncidentJobAction", {
      blocker: "cometchat-uid-1",
      reason: "Raid that nobody reviews",
      uids: ["cometchat-uid-2", "cometchat-uid-3", "cometchat-uid-4"],
    });
    if (!requested.ok) throw new Error(requested.message);
    const { jobId } = requested.data;

    const page = await context.newPage();
    await signIn(page, moderator.email, moderator.password);
    await page.goto(`/incidents/${jobId}`);
    const approval = page.getByRole("region", { name: "Approval" });
    await expect(approval.getByRole("button", { name: "Approve" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Progress" })).toContainText("Status: Expired", { timeout: 30_000 });
    await expect(approval.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(approval).toContainText("Expired");
    const late = await forgeAction(page, `/incidents/${jobId}`, "approveRequestAction", { jobId, reason: "Late" });
    expect(late).toMatch(/expired at .*: it can no longer be approved/);
    const journal = await chatCall(server, "GET", "/embedded/journal");
    expect(journal.body.data).toEqual([]);
  } finally {
    await context.close();
    await server.stop();
  }
});
