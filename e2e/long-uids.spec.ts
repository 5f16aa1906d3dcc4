import { expect, test, type Page } from "@playwright/test";
import { CHAT_API_KEY, forgeAction } from "./support";

/**
 * UIDs of 100 characters (the vendor's limit), a reason of one unbroken word, and the pages that show
 * them: nothing widens a phone's page, a UID in a table stays on one line on a laptop, and the header
 * keeps to one row from 1024 px up.
 */
// A token of the run: a retry (a new worker) makes users of its own rather than find these already blocked.
const RUN = Date.now().toString(36).padStart(9, "0");
const PREFIX = `tenant-${RUN}${"x".repeat(87 - RUN.length)}-uid`;
const [BLOCKER, FIRST, SECOND] = [0, 1, 2].map((n) => `${PREFIX}-${n}`) as [string, string, string];
const REASON = `raid${"y".repeat(296)}`;
const pages: { workspace: string; job: string; entry: string; rule: string } = {
  workspace: `/users/${BLOCKER}`,
  job: "",
  entry: "",
  rule: "",
};
/** A word only this run's message holds: the rule made for it holds back nothing of the other tests. */
const HELD_WORD = `held${RUN}`;

test.beforeAll(async ({ browser }) => {
  expect(BLOCKER).toHaveLength(100);
  const page = await browser.newPage({ storageState: "e2e/.auth/admin.json" });
  const created = await page.request.post("/v3/embedded/users", {
    headers: { apikey: CHAT_API_KEY },
    data: { prefix: PREFIX, count: 3 },
  });
  expect(created.status()).toBe(200);

  await page.goto(pages.workspace);
  const panel = page.getByRole("region", { name: "Block users" });
  await panel.getByLabel("UIDs to block").fill(`${FIRST}\n${SECOND}`);
  await panel.getByLabel("Reason").fill(REASON);
  await panel.getByRole("button", { name: "Block", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm block" }).click();
  await expect(panel.getByRole("table", { name: "Outcome of the block" })).toContainText("Blocked");

  await page.goto("/incidents");
  const form = page.getByRole("region", { name: "Block a list of users" });
  await form.getByLabel("On behalf of").fill(BLOCKER);
  await form.getByLabel("Reason").fill(REASON);
  await form.getByLabel("UIDs to block").fill(`${FIRST}\n${SECOND}\ncometchat-uid-5`);
  await form.getByRole("button", { name: "Preview" }).click();
  await page.getByRole("button", { name: "Start blocking" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm block" }).click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, { timeout: 30_000 });
  pages.job = new URL(page.url()).pathname;

  await page.goto(`/audit?uid=${BLOCKER}&action=users.block`);
  const details = page.getByRole("link", { name: /^Details of entry/ }).first();
  pages.entry = (await details.getAttribute("href"))!;

  // A rule of the service holds back FIRST's message to SECOND: the Rules pages and "Blocked messages" show them.
  const headers = { apikey: CHAT_API_KEY };
  const ruleId = `long-uids-${RUN}`;
  const rule = await page.request.post("/v3/moderation/rules", {
    headers,
    data: {
      id: ruleId,
      name: `Hold ${HELD_WORD}${"z".repeat(60)}`,
      conditions: [{ entity: "message", operand: "text", operator: "contains", category: "word", value: [HELD_WORD] }],
      action: ["blockMessage"],
      enabled: true,
    },
  });
  expect(rule.status(), await rule.text()).toBe(200);
  pages.rule = `/rules/${ruleId}`;
  const sent = await page.request.post("/v3/messages", {
    headers: { ...headers, onBehalfOf: FIRST },
    data: { receiver: SECOND, receiverType: "user", data: { text: `${HELD_WORD} ${REASON}` } },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  // The console reads the service's blocked list in the background: the message shows within seconds.
  await expect(async () => {
    await page.goto(`/reports/blocked?sender=${FIRST}`);
    await expect(page.locator(`main a[href='/users/${FIRST}']`).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.close();
});

/** The elements that reach past the right edge of the page: named in a failure, so that it says what to fix. */
async function widthAndCulprits(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .filter((element) => !element.closest("[class*='overflow-x-auto'], [class*='overflow-auto'], .sr-only"))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
    return { scrollWidth: document.documentElement.scrollWidth, culprits };
  });
}

test.describe("on a phone (390 px wide), with 100-character UIDs and an unbroken reason", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const paths = () => [
    pages.workspace,
    // A UID the chat service does not have: the page that says so wraps it as the group's page does.
    `/users/${PREFIX}-9`,
    `/users?search=${PREFIX}`,
    "/incidents",
    pages.job,
    "/audit",
    `/audit?uid=${BLOCKER}`,
    pages.entry,
    "/rules",
    "/rules/new",
    pages.rule,
    `/reports/blocked?sender=${FIRST}`,
  ];

  test("no page scrolls sideways", async ({ page }) => {
    for (const path of paths()) {
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      const { scrollWidth, culprits } = await widthAndCulprits(page);
      expect.soft(scrollWidth, `${path}: ${culprits.join(" | ")}`).toBeLessThanOrEqual(390);
    }
  });

  test("the block's confirmation and the job's approval details fit too", async ({ page }) => {
    await page.goto(pages.workspace);
    const panel = page.getByRole("region", { name: "Block users" });
    await panel.getByLabel("UIDs to block").fill(`${FIRST} ${SECOND}`);
    await panel.getByLabel("Reason").fill(REASON);
    await panel.getByRole("button", { name: "Block", exact: true }).click();
    await expect(page.getByRole("dialog")).toContainText(`${BLOCKER} will block 2 users`);
    const { scrollWidth, culprits } = await widthAndCulprits(page);
    expect(scrollWidth, culprits.join(" | ")).toBeLessThanOrEqual(390);
  });
});

const GROUP = "weekend-cyclists";

/**
 * The raid's pages with 100-character UIDs in them: the three users join a group, FIRST posts a link
 * there and SECOND reports it, a search finds FIRST, and a ban job bans FIRST and SECOND.
 */
async function raidPages(page: Page): Promise<string[]> {
  const headers = { apikey: CHAT_API_KEY };
  const v3 = async (path: string, data: object, onBehalfOf?: string) => {
    const answer = await page.request.post(`/v3${path}`, {
      headers: onBehalfOf ? { ...headers, onBehalfOf } : headers,
      data,
    });
    expect(answer.status(), path).toBe(200);
    return ((await answer.json()) as { data: Record<string, unknown> }).data;
  };
  await v3(`/groups/${GROUP}/members`, { participants: [BLOCKER, FIRST, SECOND] });
  const text = `Claim yours at https://long-${RUN}.example/drop`;
  const message = await v3("/messages", { receiver: GROUP, receiverType: "group", data: { text } }, FIRST);
  const reasons = await page.request.get("/v3/moderation/reasons", { headers });
  const [reason] = ((await reasons.json()) as { data: Array<{ id: string }> }).data;
  await v3(`/messages/${String(message.id)}/flagged`, { reasonId: reason!.id }, SECOND);

  await page.goto("/incidents");
  const search = await forgeAction(page, "/incidents", "startRaidSearchAction", {
    where: "group",
    group: GROUP,
    textContains: `long-${RUN}`,
    window: "last_hour",
  });
  const searchId = /"searchId":"([0-9a-f-]{36})"/.exec(search)?.[1];
  const ban = await forgeAction(page, "/incidents", "startBanAction", {
    kind: "ban",
    group: GROUP,
    reason: REASON,
    uids: [FIRST, SECOND],
  });
  const jobId = /"jobId":"([0-9a-f-]{36})"/.exec(ban)?.[1];
  expect(searchId, search.slice(0, 300)).toBeDefined();
  expect(jobId, ban.slice(0, 300)).toBeDefined();
  await page.goto(`/incidents/${jobId}`);
  await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, { timeout: 30_000 });
  // The reports queue reads the vendor's flagged list in the background: the report shows within seconds.
  await expect(async () => {
    await page.goto(`/reports?text=long-${RUN}`);
    await expect(page.locator(`table a[href='/users/${FIRST}']`)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  return [
    `/groups/${GROUP}`,
    `/users/${BLOCKER}/messages/group/${GROUP}`,
    `/reports?text=long-${RUN}`,
    `/reports/${String(message.id)}`,
    `/incidents?search=${searchId}`,
    `/incidents/${jobId}`,
  ];
}

/** How many lines the text of each element matching `selector` takes: its line boxes, told apart by their tops. */
async function lineCounts(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      // The hidden middle of a shortened UID has no height: not a line.
      const tops = [...range.getClientRects()]
        .filter((rect) => rect.width > 1 && rect.height > 1)
        .map((rect) => rect.top)
        .sort((a, b) => a - b);
      const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 20;
      const lines = tops.filter((top, index) => index === 0 || top - tops[index - 1]! > lineHeight * 0.6).length;
      return { text: element.textContent ?? "", lines };
    }),
  );
}

const UID_CELLS = "table a[href^='/users/']";

test.describe("on a laptop (1280 px wide)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a UID in a table stays on one line, shortened in the middle with the whole UID in its title", async ({
    page,
  }) => {
    for (const path of [pages.workspace, `/users?search=${PREFIX}`, "/incidents", pages.job, "/audit", pages.entry]) {
      await page.goto(path);
      await expect(page.getByRole("table").first()).toBeVisible();
      const cells = await lineCounts(page, UID_CELLS);
      expect(cells.length, path).toBeGreaterThan(0);
      expect(
        cells.filter((cell) => cell.lines !== 1),
        path,
      ).toEqual([]);
    }
    await page.goto(pages.workspace);
    const blocked = page.getByRole("region", { name: "Blocked by this user" });
    // The accessible name is the whole UID; the title shows it to the pointer; the copy button copies it.
    const link = blocked.getByRole("link", { name: FIRST, exact: true });
    await expect(link).toHaveAttribute("title", FIRST);
    // Shortened: about 21 characters shown, not 100.
    expect((await link.boundingBox())!.width).toBeLessThan(250);
    await expect(blocked.getByRole("button", { name: `Copy UID ${FIRST}` })).toBeVisible();
  });

  test("the raid's pages (a group, its messages, reports, a search's senders, a ban job): UIDs on one line, every table in its box", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    for (const path of await raidPages(page)) {
      await page.goto(path);
      await expect(page.locator(`main a[href='/users/${FIRST}']`).first(), path).toBeVisible();
      // In a table: the UID on one line, shortened, the whole UID in its title (a name before it may wrap).
      const cells = await lineCounts(page, `${UID_CELLS} .font-mono`);
      expect(
        cells.filter((cell) => cell.lines !== 1),
        path,
      ).toEqual([]);
      for (const link of await page.locator(`table a[href='/users/${FIRST}']`).all())
        await expect(link, path).toHaveAttribute("title", FIRST);
      // Nothing reaches past the main column, and every table fits its own box.
      const fit = await page.evaluate(() => {
        const main = document.querySelector("main")!.getBoundingClientRect();
        const past = [...document.querySelectorAll("main *")]
          .filter((element) => element.getBoundingClientRect().right > main.right + 0.5)
          .filter((element) => !element.closest("[class*='overflow-x-auto'], [class*='overflow-auto'], .sr-only"))
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 100));
        const tables = [...document.querySelectorAll("main table")]
          .filter((table) => table.parentElement!.scrollWidth > table.parentElement!.clientWidth)
          .map((table) => table.querySelector("caption")?.textContent ?? "a table");
        return { past: past.slice(0, 5), tables };
      });
      expect.soft(fit.past, path).toEqual([]);
      expect.soft(fit.tables, path).toEqual([]);
    }
  });

  test("the action log's table fits its box: the Details column shows", async ({ page }) => {
    for (const path of ["/audit", `/audit?uid=${BLOCKER}`]) {
      await page.goto(path);
      const fit = await page
        .getByRole("table")
        .first()
        .evaluate((table) => {
          const frame = table.parentElement!;
          const details = table.querySelector("a[aria-label^='Details of entry']")!;
          return {
            scroll: frame.scrollWidth,
            client: frame.clientWidth,
            detailsRight: details.getBoundingClientRect().right,
            frameRight: frame.getBoundingClientRect().right,
          };
        });
      expect(fit.scroll, path).toBeLessThanOrEqual(fit.client);
      expect(fit.detailsRight, path).toBeLessThanOrEqual(fit.frameRight);
    }
  });
});

for (const width of [1024, 1280]) {
  test.describe(`the header at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("keeps to one row", async ({ page }) => {
      await page.goto("/users");
      const header = page.getByRole("banner");
      const home = await header.getByRole("link", { name: "Moderator Console" }).boundingBox();
      const signOut = await header.getByRole("button", { name: "Sign out" }).boundingBox();
      // On one row: the button's middle is level with the title's.
      expect(Math.abs(signOut!.y + signOut!.height / 2 - (home!.y + home!.height / 2))).toBeLessThan(8);
      const links = await lineCounts(page, "nav[aria-label='Main'] a");
      expect(links.map((link) => link.text)).toEqual(expect.arrayContaining(["Users", "Action log", "Operators"]));
      expect(links.filter((link) => link.lines !== 1)).toEqual([]);
      const { scrollWidth } = await widthAndCulprits(page);
      expect(scrollWidth).toBeLessThanOrEqual(width);
    });
  });
}

test("the workspace shows the user's initials when there is no avatar, or it cannot be loaded", async ({ page }) => {
  // As offline: the demo users' avatars live on the vendor's site.
  await page.route("https://data-us.cometchat.io/**", (route) => route.abort("internetdisconnected"));
  await page.goto("/users/cometchat-uid-2");
  const profile = page.getByRole("region", { name: "George Alan" });
  await expect(profile.getByText("GA", { exact: true })).toBeVisible();
  await expect(profile.locator("img")).toHaveCount(0);

  await page.goto(pages.workspace);
  // The first letters of the name's first and last words.
  const plain = page.getByRole("region", { name: "Test user 0" });
  await expect(plain.getByText("T0", { exact: true })).toBeVisible();
  await expect(plain.locator("img")).toHaveCount(0);
});
