import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { CHAT_API_KEY, forgeAction, OPERATORS, storageStateOf } from "./support";

/**
 * A raid stopped before anyone reads it: a moderator writes a rule ("text contains usdt-drop.example,
 * sender's account newer than 24 hours, hold for review"), tests it against the last 24 hours and finds
 * the numbers the chat service holds, enables it; a raid message sent at /v3 afterwards is not delivered
 * and waits under "Blocked messages"; a false positive is delivered; the raid goes on, the banner shows
 * and "Find accounts" opens filled in; every step is in /audit. Support sees it all and changes nothing.
 */

const GROUP = "cometchat-guid-1";
const WORD = "usdt-drop.example";
const RULE_NAME = `Giveaway links ${Date.now().toString(36)}`;
const headers = { apikey: CHAT_API_KEY };

type Message = {
  id: string;
  sender: string;
  sentAt: number;
  data?: { text?: string; entities?: { sender?: { entity?: { createdAt?: number } } } };
};

/** What the rule should hold back of the last 24 hours, counted from the service's own list. */
async function expectedCounts(request: APIRequestContext, from: number) {
  const matches: Message[] = [];
  let cursor = "";
  for (;;) {
    const answer = await request.get(
      `/v3/messages?searchKey=${WORD}&category=message&hideDeleted=true&fromTimestamp=${from}&limit=1000${cursor}`,
      { headers },
    );
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as {
      data: Message[];
      meta?: { next?: { affix: string; sentAt: number; id: string } };
    };
    for (const message of body.data) {
      const text = message.data?.text ?? "";
      const createdAt = message.data?.entities?.sender?.entity?.createdAt ?? 0;
      // A whole word, as the rule matches it; an account made in the day before the message.
      if (/(^|[^\p{L}\p{N}])usdt-drop\.example($|[^\p{L}\p{N}])/iu.test(text) && createdAt > message.sentAt - 86_400)
        matches.push(message);
    }
    const next = body.meta?.next;
    if (body.data.length < 1000 || !next) break;
    cursor = `&affix=${next.affix}&sentAt=${next.sentAt}&id=${next.id}`;
  }
  return { matched: matches.length, senders: new Set(matches.map((message) => message.sender)).size };
}

/** New accounts, members of the group: the raid's next wave. */
async function newRaiders(request: APIRequestContext, prefix: string, count: number): Promise<string[]> {
  const created = await request.post("/v3/embedded/users", { headers, data: { prefix, count } });
  expect(created.status()).toBe(200);
  const uids = Array.from({ length: count }, (_, index) => `${prefix}-${index}`);
  const joined = await request.post(`/v3/groups/${GROUP}/members`, { headers, data: { participants: uids } });
  expect(joined.status()).toBe(200);
  return uids;
}

const send = (request: APIRequestContext, uid: string, text: string) =>
  request.post("/v3/messages", {
    headers: { ...headers, onBehalfOf: uid },
    data: { receiver: GROUP, receiverType: "group", category: "message", type: "text", data: { text } },
  });

async function groupMessageIds(request: APIRequestContext): Promise<string[]> {
  const answer = await request.get(`/v3/groups/${GROUP}/messages?limit=100`, { headers });
  return ((await answer.json()) as { data: Message[] }).data.map((message) => message.id);
}

/** A page of its own context signed in as `role` (axe reads only pages of a context made so). */
async function pageAs(browser: Browser, role: "moderator" | "support"): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateOf(role) });
  return context.newPage();
}

const numberIn = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1]?.replace(/,/g, ""));

async function ruleIdFromUrl(page: Page) {
  await expect(page).toHaveURL(/\/rules\/(?!new$)[^/]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
}

test.describe.serial("rules stop a raid", () => {
  let ruleId = "";

  test("a moderator tests a rule against the last 24 hours, reads what the service holds, and enables it", async ({
    browser,
    request,
  }) => {
    const page = await pageAs(browser, "moderator");
    await page.goto("/rules");
    await expectNoSeriousViolations(page);
    await page.getByRole("link", { name: "New rule" }).click();
    await expect(page.getByRole("heading", { name: "New rule" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByLabel("Name").fill(RULE_NAME);
    await page.getByLabel("Text contains one of these words").fill(WORD);
    await page.getByLabel("Sender's account is newer than… hours").fill("24");
    await expect(page.getByLabel("What happens to a matching message")).toHaveValue("blockMessage");

    // A wrong value is named at its field.
    await page.getByLabel("Sender's account is newer than… hours").fill("soon");
    await page.getByRole("button", { name: "Test against the last 24 hours" }).click();
    await expect(page.getByLabel("Sender's account is newer than… hours")).toHaveAccessibleDescription(
      /Enter a number of hours/,
    );
    await page.getByLabel("Sender's account is newer than… hours").fill("24");

    await page.getByRole("button", { name: "Test against the last 24 hours" }).click();
    const result = page.getByRole("region", { name: "Test against the last 24 hours" });
    await expect(result).toBeVisible({ timeout: 30_000 });
    const summary = await result.getByText(/It would have held back/).innerText();
    const expected = await expectedCounts(request, Math.floor(Date.now() / 1000) - 86_400 + 30);
    expect(expected.matched).toBeGreaterThan(20);
    expect(numberIn(summary, /held back ([\d,]+) messages?/)).toBe(expected.matched);
    expect(numberIn(summary, /from ([\d,]+) senders?/)).toBe(expected.senders);
    expect(numberIn(summary, /([\d,]+) senders?'? accounts? (is|are) older/)).toBe(0);
    await expect(result.getByRole("figure")).toContainText("Messages the rule would have held back, an hour");
    await expect(result).toContainText("(link to usdt-drop.example)");
    await expectNoSeriousViolations(page);

    await page.getByRole("button", { name: "Save rule (switched off)" }).click();
    ruleId = await ruleIdFromUrl(page);
    await expect(page.getByText("Disabled").first()).toBeVisible();

    await page.getByRole("button", { name: "Enable" }).click();
    const dialog = page.getByRole("dialog", { name: `Enable “${RULE_NAME}”?` });
    await expect(dialog).toContainText(`held back ${expected.matched} messages`);
    await expect(dialog).toContainText(`from ${expected.senders} senders`);
    await dialog.getByRole("button", { name: "Enable rule" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Enabled", { exact: true }).first()).toBeVisible();

    const rule = await request.get(`/v3/moderation/rules/${encodeURIComponent(ruleId)}`, { headers });
    expect(rule.status(), await rule.text()).toBe(200);
    expect((await rule.json()).data).toMatchObject({ enabled: true, action: ["blockMessage"] });
    await page.context().close();
  });

  test("a raid message is not delivered, waits under Blocked messages, and a false positive is delivered", async ({
    browser,
    request,
  }) => {
    const page = await pageAs(browser, "moderator");
    const [raider, newcomer] = await newRaiders(request, `rules-e2e-${Date.now().toString(36)}`, 2);
    const raid = await send(request, raider!, `FREE 500 USDT 👉 https://${WORD}/claim?ref=E2E1`);
    expect(raid.status()).toBe(200);
    const raidId = ((await raid.json()) as { data: Message }).data.id;
    // A newcomer warning others, quoting the link: held back too, a false positive.
    const warning = await send(request, newcomer!, `Careful, https://${WORD} is a scam, do not click it`);
    const warningId = ((await warning.json()) as { data: Message }).data.id;
    expect(await groupMessageIds(request)).not.toContain(raidId);
    expect((await request.get(`/v3/messages/${raidId}`, { headers })).status()).toBe(404);

    await page.goto("/reports");
    await page
      .getByRole("navigation", { name: "Messages waiting for review" })
      .getByRole("link", { name: /Blocked messages/ })
      .click();
    await expect(page).toHaveURL(/\/reports\/blocked$/);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("table", { name: "Blocked messages, newest first" })).toContainText(`#${warningId}`, {
        timeout: 1000,
      });
    }).toPass({ timeout: 30_000 });
    await expectNoSeriousViolations(page);
    const row = page.getByRole("row").filter({ hasText: `#${warningId}` });
    await expect(row).toContainText(RULE_NAME);
    await expect(row.getByRole("link", { name: new RegExp(newcomer!) }).first()).toHaveAttribute(
      "href",
      `/users/${newcomer}`,
    );
    await expect(row).toContainText("(link to usdt-drop.example)");

    await row.getByRole("button", { name: "Deliver" }).click();
    const dialog = page.getByRole("dialog", { name: `Deliver message #${warningId} from ${newcomer}?` });
    await dialog.getByRole("button", { name: "Deliver" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "1 message delivered" })).toBeVisible();
    expect(await groupMessageIds(request)).toContain(warningId);
    expect(await groupMessageIds(request)).not.toContain(raidId);
    await page.context().close();
  });

  test("the raid goes on: the banner shows, and Find accounts opens filled in", async ({ browser, request }) => {
    const page = await pageAs(browser, "moderator");
    const raiders = await newRaiders(request, `rules-wave-${Date.now().toString(36)}`, 10);
    for (let index = 0; index < 20; index += 1)
      expect((await send(request, raiders[index % 10]!, `500 USDT https://${WORD}/claim?ref=W${index}`)).status()).toBe(
        200,
      );

    await page.goto("/users");
    const banner = page.getByRole("region", { name: "Raid alerts", exact: true });
    await expect(banner).toContainText(/Possible raid in .+: \d+ messages from \d+ accounts in the last 10 minutes/, {
      timeout: 30_000,
    });
    await banner.getByRole("link", { name: "Find accounts" }).click();
    await expect(page).toHaveURL(/\/incidents\?findGroup=cometchat-guid-1/);
    await expect(page.getByLabel("Group (GUID)")).toHaveValue(GROUP);
    await expect(page.getByLabel("When")).toHaveValue("custom");
    await expect(page.getByLabel("From", { exact: true })).not.toHaveValue("");
    await page.context().close();
  });

  test("support sees the rules, the blocked messages and the banner, and can change none of them", async ({
    browser,
  }) => {
    const page = await pageAs(browser, "support");
    await page.goto("/rules");
    await expect(page.getByRole("link", { name: RULE_NAME })).toBeVisible();
    await expect(page.getByRole("link", { name: "New rule" })).toHaveCount(0);
    const banner = page.getByRole("region", { name: "Raid alerts", exact: true });
    await expect(banner).toContainText("Possible raid in");
    await expect(banner.getByRole("button", { name: "Dismiss" })).toHaveCount(0);
    await expect(banner.getByRole("link", { name: "Find accounts" })).toHaveCount(0);

    await page.getByRole("link", { name: RULE_NAME }).click();
    await expect(page.getByRole("button", { name: /Enable|Disable/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Test against/ })).toHaveCount(0);

    await page.goto("/reports/blocked");
    await expect(page.getByRole("table", { name: "Blocked messages, newest first" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Deliver" })).toHaveCount(0);

    const forged = await forgeAction(page, "/rules", "disableRuleAction", { ruleId, enabled: false });
    expect(forged).toContain("does not allow you to disable moderation rules");
    const forgedDecision = await forgeAction(page, "/reports/blocked", "deliverBlockedMessagesAction", {
      target: { kind: "sender", senderUid: "cometchat-uid-1" },
    });
    expect(forgedDecision).toContain("does not allow you to decide on blocked messages");
    await page.context().close();
  });

  test("every step is in the action log under the moderator; the moderator dismisses the alert and disables the rule", async ({
    browser,
  }) => {
    const page = await pageAs(browser, "moderator");
    await page.goto(`/audit?actor=${encodeURIComponent(OPERATORS.moderator.email)}`);
    const log = page.getByRole("table", { name: /Entries of the action log/ });
    for (const action of ["rule.test", "rule.create", "rule.enable", "blocked_message.deliver"])
      await expect(log, action).toContainText(action);

    const banner = page.getByRole("region", { name: "Raid alerts", exact: true });
    await banner.getByRole("button", { name: "Dismiss" }).first().click();
    await expect(banner).toBeHidden({ timeout: 10_000 });

    await page.goto(`/rules/${encodeURIComponent(ruleId)}`);
    await page.getByRole("button", { name: "Disable" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Disable rule" }).click();
    await expect(page.getByText("Disabled", { exact: true }).first()).toBeVisible();

    await page.goto(`/audit?actor=${encodeURIComponent(OPERATORS.moderator.email)}`);
    await expect(log).toContainText("rule.disable");
    await expect(log).toContainText("raid_alert.dismiss");
    await page.context().close();
  });
});
