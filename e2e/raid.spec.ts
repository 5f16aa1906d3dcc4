import { expect, test, type Browser, type Page } from "@playwright/test";
import { startConsole, type ConsoleServer } from "../tests/support/console-server";
import { callActionOver, exportedEntries, signIn as signInOver } from "../tests/support/console-session";
import { ADMIN, forgeAction, OPERATORS, signIn } from "./support";

/**
 * The demo raid, found from what the raiders sent and acted on through jobs: "Find accounts" in the
 * Hiking Group, the last 2 hours, with links, lists exactly the raiders who posted there; they are
 * deactivated (a second moderator approves: the threshold is 10 here), reactivated, banned from the
 * group and their messages deleted, each checked at /v3 and in the action log.
 */

const GROUP = "cometchat-guid-1";
const THRESHOLD = 10;
/** The three patterns the raid's accounts were made in (docs/embedded-chat-api.md, "The raid"). */
const RAIDER = /^([a-z]+\d{4}|crypto-gains-\d+|user_[0-9a-f]{8})$/;

type Message = { sender: string; sentAt: number; deletedAt?: number };

async function v3(
  server: ConsoleServer,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.baseUrl}/v3${path}`, {
    method: init.method ?? "GET",
    headers: { apikey: server.apiKey, "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The senders of the group's messages with the raid's link, as the chat service lists them. */
async function raidersInGroup(server: ConsoleServer): Promise<string[]> {
  const { body } = await v3(server, `/groups/${GROUP}/messages?searchKey=usdt-drop.example&limit=1000`);
  return [...new Set((body.data as Message[]).map((message) => message.sender))].sort();
}

async function contextOf(browser: Browser, server: ConsoleServer, who: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: server.baseUrl, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, who.email, who.password);
  return { context, page };
}

/** Selects every sender and starts `button`'s job, which waits for approval; its page after it. */
async function requestJob(page: Page, searchUrl: string, button: string, title: RegExp, reason: string) {
  await page.goto(searchUrl);
  const find = page.getByRole("region", { name: "Find accounts" });
  await expect(find.getByRole("status").filter({ hasText: /^Completed/ })).toBeVisible();
  await find.getByRole("button", { name: "Select all" }).click();
  await find.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: "Request approval" }).click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  return page.url();
}

/** The second moderator approves the job; the requester's page then follows it to its end. */
async function approveAndFinish(requester: Page, approver: Page, jobUrl: string) {
  await approver.goto(jobUrl);
  await approver.getByRole("region", { name: "Approval" }).getByRole("button", { name: "Approve" }).click();
  const dialog = approver.getByRole("dialog");
  await dialog.getByLabel("Reason for your decision").fill("Checked the senders: all raiders");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(requester.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, {
    timeout: 60_000,
  });
}

test("the demo raid: find its accounts in the Hiking Group, deactivate, reactivate, ban, delete, all in the log", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const server = await startConsole({
    env: {
      APPROVAL_THRESHOLD_UIDS: String(THRESHOLD),
      CONSOLE_ADMIN_EMAIL: ADMIN.email,
      CONSOLE_ADMIN_PASSWORD: ADMIN.password,
    },
  });
  try {
    const admin = await signInOver(server, ADMIN);
    for (const role of ["moderator", "support"] as const)
      expect(
        (await callActionOver(server, admin, "createOperatorAction", { ...OPERATORS[role], role }, "/operators")).ok,
      ).toBe(true);
    const expected = await raidersInGroup(server);
    expect(expected.length).toBeGreaterThan(THRESHOLD);
    expect(expected.every((uid) => RAIDER.test(uid))).toBe(true);
    // One raider is deactivated before the search: shown so, counted apart, and left so by the undo.
    const early = expected[0]!;
    expect((await v3(server, "/users", { method: "DELETE", body: { uidsToDeactivate: [early] } })).status).toBe(200);
    const active = expected.filter((uid) => uid !== early);

    const mod = await contextOf(browser, server, ADMIN);
    const second = await contextOf(browser, server, OPERATORS.moderator);
    const page = mod.page;

    // Find accounts: the Hiking Group, the last 2 hours, with links.
    await page.goto("/incidents");
    const find = page.getByRole("region", { name: "Find accounts" });
    await find.getByLabel("Where").selectOption("group");
    await find.getByLabel("Group (GUID)").fill(GROUP);
    await find.getByLabel("Has links").check();
    await find.getByLabel("When").selectOption("last_2_hours");
    await find.getByRole("button", { name: "Find accounts" }).click();
    await expect(page).toHaveURL(/\?search=[0-9a-f-]{36}/);
    const searchUrl = page.url();
    await expect(find.getByRole("status").filter({ hasText: /^Completed/ })).toBeVisible({ timeout: 30_000 });
    const table = find.getByRole("table", { name: "Senders, most matching messages first" });
    await expect(table.getByRole("checkbox")).toHaveCount(expected.length);
    for (const uid of expected) await expect(table.getByRole("checkbox", { name: `Select ${uid}` })).toBeVisible();
    // Not the member who warned about the raid (and was reported for it), nor any ordinary member.
    await expect(table.getByRole("checkbox", { name: "Select cometchat-uid-2" })).toHaveCount(0);
    // Links are text with their domain, never links; the one raider deactivated already says so.
    await expect(table.getByText("link to usdt-drop.example").first()).toBeVisible();
    await expect(table.getByRole("link", { name: /usdt-drop/ })).toHaveCount(0);
    await expect(table.getByRole("row", { name: new RegExp(`^Select ${early} `) })).toContainText("Deactivated");
    const csv = await page.request.get(`/incidents/searches/${new URL(searchUrl).searchParams.get("search")}/senders`);
    expect((await csv.text()).split("\r\n").filter(Boolean)).toHaveLength(expected.length + 1);

    // Deactivate them: more than the threshold, so the second moderator approves.
    const deactivation = await requestJob(page, searchUrl, "Deactivate", /^Request approval to deactivate/, "Raid");
    await approveAndFinish(page, second.page, deactivation);
    await expect(page.getByRole("region", { name: "Progress" })).toContainText("Already deactivated1");
    for (const uid of active) {
      const answer = await v3(server, `/users/${uid}`);
      expect(answer.status, uid).toBe(404);
      expect(JSON.stringify(answer.body)).toContain("ERR_UID_NOT_FOUND");
    }

    // Reactivate all deactivated by this job: each is back with its data; the one deactivated before stays so.
    await page.getByRole("button", { name: "Reactivate all deactivated by this job" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm reactivate" }).click();
    await expect(page).not.toHaveURL(deactivation);
    await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, {
      timeout: 60_000,
    });
    for (const uid of active) {
      const answer = await v3(server, `/users/${uid}`);
      expect(answer.status, uid).toBe(200);
      expect((answer.body.data as { uid: string; name: string }).name.length).toBeGreaterThan(0);
    }
    expect((await v3(server, `/users/${early}`)).status).toBe(404);

    // Ban from the group: no longer members, in the banned list.
    const ban = await requestJob(page, searchUrl, `Ban from ${GROUP}`, /^Request approval to ban/, "Raid");
    await approveAndFinish(page, second.page, ban);
    const members = await v3(server, `/groups/${GROUP}/members?perPage=1000`);
    const banned = await v3(server, `/groups/${GROUP}/bannedusers?perPage=1000`);
    const memberUids = new Set((members.body.data as Array<{ uid: string }>).map((member) => member.uid));
    const bannedUids = new Set((banned.body.data as Array<{ uid: string }>).map((user) => user.uid));
    for (const uid of active) {
      expect(memberUids.has(uid), uid).toBe(false);
      expect(bannedUids.has(uid), uid).toBe(true);
    }

    // Delete their messages: the confirmation says deletion cannot be undone; then none is left.
    await page.goto(searchUrl);
    await find.getByRole("button", { name: "Select all" }).click();
    await find.getByRole("button", { name: "Delete their messages" }).click();
    const deletion = page.getByRole("dialog", { name: /^Request approval to delete \d+ messages of/ });
    await expect(deletion).toContainText("Deletion cannot be undone through the console.");
    await deletion.getByLabel("Reason").fill("Raid spam");
    await deletion.getByRole("button", { name: "Request approval" }).click();
    await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
    await approveAndFinish(page, second.page, page.url());
    const left = await v3(server, `/groups/${GROUP}/messages?hideDeleted=true&hasLinks=true&limit=1000`);
    const senders = new Set((left.body.data as Message[]).map((message) => message.sender));
    for (const uid of expected) expect(senders.has(uid), uid).toBe(false);

    // Every step in the log, found by a raider's UID.
    const entries = await exportedEntries(server, admin, { uid: active[0]! });
    const actions = new Set(entries.map((entry) => entry.action));
    for (const action of ["incident.job.request", "incident.job.approve", "incident.job.undo"])
      expect(actions, action).toContain(action);
    // Each job's calls, folded under it, are found by the UID too: deactivate, reactivate, ban, delete.
    const calls = await exportedEntries(server, admin, { uid: active[0]!, calls: "only" });
    const kinds = new Set(calls.map((entry) => (entry.requestBody as { kind?: string } | null)?.kind));
    for (const kind of ["deactivate", "reactivate", "ban", "delete_messages"]) expect(kinds, kind).toContain(kind);
    const searches = await exportedEntries(server, admin, { action: "raid.search.start" });
    expect(JSON.stringify(searches[0]?.requestBody)).toContain(GROUP);
    expect((await exportedEntries(server, admin, { action: "raid.search.export" })).length).toBeGreaterThan(0);

    // Support sees no way to act, and a forged call is refused.
    const support = await contextOf(browser, server, OPERATORS.support);
    for (const [name, input] of [
      ["startRaidSearchAction", { where: "group", group: GROUP, window: "last_hour", hasLinks: true }],
      ["startDeactivateAction", { kind: "deactivate", reason: "x", uids: active.slice(0, 1) }],
      ["startBanAction", { kind: "ban", group: GROUP, reason: "x", uids: active.slice(0, 1) }],
      ["previewDeleteMessagesAction", { kind: "delete_messages", text: active[0] }],
    ] as const) {
      const answer = await forgeAction(support.page, "/users", name, input);
      expect(answer, name).toContain("FORBIDDEN");
    }
    await support.page.goto(searchUrl);
    await expect(support.page.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
    // On a phone, the search and its senders fit the width: the table scrolls in its own box.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(searchUrl);
    await expect(find.getByRole("status").filter({ hasText: /^Completed/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await Promise.all([mod.context.close(), second.context.close(), support.context.close()]);
  } finally {
    await server.stop();
  }
});
