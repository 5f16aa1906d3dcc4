import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { CHAT_API_KEY, forgeAction, storageStateOf } from "./support";

/**
 * Who may do what with the jobs on a raid's accounts: support follows /incidents (the jobs, their
 * pages and CSVs, a search's senders) and is offered nothing that acts, and every action refuses a
 * forged call; an admin starts a job of the new kinds past the threshold without approval ("break
 * glass"), as a block job, which a moderator cannot.
 */

const chat = (request: APIRequestContext, path: string, data: object, onBehalfOf?: string) =>
  request.post(`/v3${path}`, { headers: { apikey: CHAT_API_KEY, ...(onBehalfOf ? { onBehalfOf } : {}) }, data });

const GROUP = "slow-reads-book-club";

async function chatUsers(request: APIRequestContext, prefix: string, count: number): Promise<string[]> {
  expect((await chat(request, "/embedded/users", { prefix, count })).status()).toBe(200);
  return Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
}

/** The value of `field` in a server action's raw answer (the forged calls' own read of it). */
function answerField(answer: string, field: string): string {
  const found = new RegExp(`"${field}":"([0-9a-f-]{36})"`).exec(answer);
  expect(found, answer.slice(0, 500)).not.toBeNull();
  return found![1]!;
}

async function contextOf(browser: Browser, role: "admin" | "moderator" | "support") {
  const context = await browser.newContext({ storageState: storageStateOf(role) });
  return { context, page: await context.newPage() };
}

const SUPPORT_REFUSED = /FORBIDDEN|does not allow you/;

test("support sees the incidents, a job's page and a search's senders, is offered no action, and forged calls are refused", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await contextOf(browser, "admin");
  const token = `raid-roles-${Date.now().toString(36)}`;
  const [blocker, blocked] = await chatUsers(request, token, 2);
  // A message of its own for the search to find, whatever other tests did to the demo's.
  expect((await chat(request, `/groups/${GROUP}/members`, { participants: [blocked] })).status()).toBe(200);
  const text = `Free tokens at https://${token}.example/claim`;
  const sent = await chat(request, "/messages", { receiver: GROUP, receiverType: "group", data: { text } }, blocked);
  expect(sent.status()).toBe(200);
  const job = await forgeAction(admin.page, "/incidents", "createIncidentJobAction", {
    blocker,
    reason: "Roles test",
    uids: [blocked],
    blockFor: "forever",
  });
  const jobId = answerField(job, "jobId");
  const search = await forgeAction(admin.page, "/incidents", "startRaidSearchAction", {
    where: "group",
    group: GROUP,
    textContains: token,
    window: "last_hour",
  });
  const searchId = answerField(search, "searchId");
  await admin.context.close();

  const { context, page } = await contextOf(browser, "support");
  await page.goto("/users");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Incidents" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Incidents" })).toBeVisible();
  const find = page.getByRole("region", { name: "Find accounts" });
  await expect(find).toContainText("a moderator or admin starts them");
  await expect(find.getByRole("button", { name: "Find accounts" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Block a list of users" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Deactivate or ban a list of accounts" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: new RegExp(blocker!) }).first()).toBeVisible();

  // A search's senders: read, downloaded, never selected or acted on.
  await page.goto(`/incidents?search=${searchId}`);
  await expect(find.getByRole("status").filter({ hasText: /^Completed/ })).toBeVisible({ timeout: 30_000 });
  const senders = find.getByRole("table", { name: "Senders, most matching messages first" });
  await expect(senders.getByRole("row", { name: new RegExp(blocked!) })).toBeVisible();
  await expect(senders.getByRole("checkbox")).toHaveCount(0);
  for (const name of ["Select all", "Stop", "Deactivate", "Delete their messages", /^Ban from/, /^Block for/])
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  const csv = await page.request.get(`/incidents/searches/${searchId}/senders`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toMatch(/^uid,name,/);

  // A job's page: its progress and results, no control.
  await page.goto(`/incidents/${jobId}`);
  await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, { timeout: 30_000 });
  await expect(
    page
      .getByRole("main")
      .getByRole("link", { name: new RegExp(blocked!) })
      .first(),
  ).toBeVisible();
  for (const name of ["Pause", "Resume", "Cancel job", "Retry failed", "Unblock all blocked by this job"])
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  expect((await page.request.get(`/incidents/${jobId}/results`)).status()).toBe(200);
  expect((await page.request.get(`/api/incidents/${jobId}/progress`)).status()).toBe(200);

  // Forged calls to a job's controls, a new job, a break glass and a search are refused.
  for (const [name, input] of [
    ["pauseJobAction", { jobId }],
    ["undoJobAction", { jobId }],
    ["retryFailedAction", { jobId }],
    ["startRaidSearchAction", { where: "group", group: "cometchat-guid-1", window: "last_hour", hasLinks: true }],
    ["stopRaidSearchAction", { searchId }],
    ["startDeactivateAction", { kind: "deactivate", reason: "x", uids: [blocked] }],
    [
      "startWithoutApprovalAction",
      { kind: "deactivate", reason: "x", uids: [blocked], breakGlassReason: "y".repeat(30) },
    ],
  ] as const) {
    const answer = await forgeAction(page, "/incidents", name, input);
    expect(answer, name).toMatch(SUPPORT_REFUSED);
  }
  await context.close();
});

/** Pastes `uids` in "Deactivate or ban a list of accounts" and asks for a deactivation's preview. */
async function previewDeactivation(page: Page, uids: string[]) {
  await page.goto("/incidents");
  const list = page.getByRole("region", { name: "Deactivate or ban a list of accounts" });
  await list.getByLabel("UIDs to act on").fill(uids.join("\n"));
  await list.getByRole("button", { name: "Deactivate", exact: true }).click();
  return page.getByRole("dialog", { name: `Request approval to deactivate ${uids.length} users?` });
}

test("break glass for a deactivation: an admin starts it without approval with a reason of 20 characters; a moderator cannot", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const uids = await chatUsers(request, `glass-deactivate-${Date.now().toString(36)}`, 501);

  const moderator = await contextOf(browser, "moderator");
  const forged = await forgeAction(moderator.page, "/incidents", "startWithoutApprovalAction", {
    kind: "deactivate",
    reason: "Raid",
    uids,
    breakGlassReason: "Nobody else is on call at 3 am",
  });
  expect(forged).toMatch(SUPPORT_REFUSED);
  // A moderator's confirmation offers no break glass.
  const offered = await previewDeactivation(moderator.page, uids);
  await expect(offered.getByRole("checkbox", { name: "Start without approval (break glass)" })).toHaveCount(0);
  await moderator.context.close();

  const dialog = await previewDeactivation(page, uids);
  await dialog.getByLabel("Reason", { exact: true }).fill("Raid at 3 am");
  await dialog.getByRole("checkbox", { name: "Start without approval (break glass)" }).check();
  // The confirmation now says what it does: no request, a start flagged as without approval.
  const breaking = page.getByRole("dialog", { name: "Deactivate 501 users without approval?" });
  await expect(breaking).toContainText("flagged as started without approval");
  const glass = breaking.getByLabel("Why this cannot wait for a second operator");
  await glass.fill("Nobody awake");
  await breaking.getByRole("button", { name: "Start without approval" }).click();
  await expect(glass).toHaveAccessibleDescription(/in at least 20 characters/);
  await glass.fill("Nobody else is on call at 3 am and the raid is ongoing");
  await breaking.getByRole("button", { name: "Start without approval" }).click();

  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  const approval = page.getByRole("region", { name: "Approval" });
  await expect(approval).toContainText("Started without approval");
  await expect(approval).toContainText("Nobody else is on call at 3 am");
  await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, { timeout: 90_000 });
  await expect(page.getByRole("region", { name: "Progress" })).toContainText("Deactivated501");
  const gone = await request.get(`/v3/users/${uids[0]}`, { headers: { apikey: CHAT_API_KEY } });
  expect(gone.status()).toBe(404);

  await page.goto(`/audit?action=incident.job.break_glass&uid=${uids[500]}`);
  await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText("incident.job.break_glass");
});
