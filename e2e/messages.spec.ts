import { expect, test, type Page } from "@playwright/test";
import { chatGet, createUsers, sendMessage, setFaults } from "./chat-service";
import { CHAT_API_KEY, forgeAction, storageStateOf } from "./support";

// A token of the run: a retry makes users and messages of its own.
const RUN = Date.now().toString(36);
const OWNER = "amara-okafor";
const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script> claim ${RUN} at https://usdt-drop.example/claim?ref=E2E now`;

/** The list item of one message, found by a piece of its text. */
const messageItem = (page: Page, text: string) =>
  page.getByRole("list", { name: "Messages, newest first" }).getByRole("listitem").filter({ hasText: text });

/** Opens the owner's workspace and, from the row of the conversation with `peer` (a UID), its "Messages". */
async function openMessages(page: Page, peer: string) {
  await page.goto(`/users/${OWNER}`);
  await page
    .getByRole("region", { name: /^Conversations/ })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(peer) }) })
    .getByRole("link", { name: /^Messages with / })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /^Messages with / })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(peer);
}

test.describe("Messages of a conversation, as its owner sees them", () => {
  let sender = "";
  const ids: Record<"hostile" | "second" | "forged", string> = { hostile: "", second: "", forged: "" };

  test.beforeAll(async ({ request }) => {
    sender = (await createUsers(request, `msg-${RUN}`, 1))[0]!;
    ids.forged = await sendMessage(request, sender!, OWNER, `third ${RUN}: support must not delete this`);
    ids.second = await sendMessage(request, sender!, OWNER, `second ${RUN}: to be removed for good`);
    ids.hostile = await sendMessage(request, sender!, OWNER, HOSTILE);
  });

  test("a raider's giveaway shows its link as text with the domain, never as a link", async ({ page, request }) => {
    const raid = await chatGet(request, "/messages?searchKey=usdt-drop.example&receiverType=user&limit=1", OWNER);
    const [first] = raid.body.data as Array<{
      sender: string;
      data: { entities: { sender: { entity: { name: string } } } };
    }>;
    const raiderName = first!.data.entities.sender.entity.name;
    await openMessages(page, raiderName);
    const giveaway = messageItem(page, "usdt-drop.example").first();
    await expect(giveaway.getByRole("link", { name: new RegExp(first!.sender) })).toBeVisible();
    await expect(giveaway).toContainText("(link to usdt-drop.example, not opened)");
    await expect(page.locator('a[href*="usdt-drop"]')).toHaveCount(0);
  });

  test("hostile text is shown as text; deleting names the sender and first words, and the row says Deleted", async ({
    page,
    request,
  }) => {
    await openMessages(page, sender);
    const hostile = messageItem(page, `claim ${RUN}`);
    await expect(hostile).toContainText('<img src=x onerror="window.__pwned=1"><script>');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(page.locator('a[href*="usdt-drop"]')).toHaveCount(0);
    await expect(hostile.getByRole("link", { name: sender })).toHaveAttribute("href", `/users/${sender}`);
    await expect(hostile.getByRole("button", { name: `Copy UID ${sender}` })).toBeVisible();
    await expect(hostile).toContainText("No open reports");

    await hostile.getByRole("button", { name: /^Delete message/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this message?" });
    await expect(dialog).toContainText(sender);
    await expect(dialog).toContainText('<img src=x onerror="window.__pwned=1"><script>window.__pwned…');
    await dialog.getByRole("button", { name: "Delete message" }).click();
    await expect(dialog.getByText("Give a reason: it is recorded in the action log.")).toBeVisible();
    await dialog.getByLabel("Reason").fill("Scam link sent to a harassed user");
    await dialog.getByRole("button", { name: "Delete message" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: `Deleted message ${ids.hostile}.` })).toBeVisible();
    await expect(hostile.getByText("Deleted by app_system")).toBeVisible();
    // Deleted softly, it can only be removed for good now, by an admin.
    await expect(hostile.getByRole("button", { name: /^Delete permanently/ })).toBeVisible();

    const atService = await chatGet(request, `/messages/${ids.hostile}`);
    expect(atService.status).toBe(200);
    expect((atService.body.data as { deletedAt?: number }).deletedAt).toEqual(expect.any(Number));

    // An admin removes one for good: it leaves the list and the service.
    const second = messageItem(page, `second ${RUN}`);
    await second.getByRole("button", { name: /^Delete message/ }).click();
    await page.getByRole("dialog", { name: "Delete this message?" }).getByLabel("Delete permanently").check();
    const permanent = page.getByRole("dialog", { name: "Delete this message permanently?" });
    await expect(permanent).toContainText("cannot be brought back");
    await permanent.getByLabel("Reason").fill("Removed for good");
    await permanent.getByRole("button", { name: "Delete permanently" }).click();
    await expect(second).toHaveCount(0);
    expect((await chatGet(request, `/messages/${ids.second}`)).status).toBe(404);

    await page.goto(`/audit?action=message.delete&uid=${sender}`);
    await page
      .getByRole("link", { name: /^Details of entry/ })
      .last()
      .click();
    await expect(page.getByRole("main")).toContainText("Scam link sent to a harassed user");
    await expect(page.getByRole("main")).toContainText(`claim ${RUN} at https://usdt-drop.example`);
    await expect(page.getByRole("main")).toContainText(OWNER);
  });

  test("a chat API failure is said plainly, and logged", async ({ page, request }) => {
    await openMessages(page, sender);
    const third = messageItem(page, `third ${RUN}`);
    await third.getByRole("button", { name: /^Delete message/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this message?" });
    await dialog.getByLabel("Reason").fill("Trying while the service fails");
    await setFaults(request, { errorRate: 1, errorStatus: "500", pathPattern: `messages/${ids.forged}` });
    try {
      await dialog.getByRole("button", { name: "Delete message" }).click();
      await expect(dialog.getByRole("alert")).toContainText(/chat service/i);
    } finally {
      await setFaults(request, null);
    }
    await page.goto(`/audit?action=message.delete&uid=${sender}&outcome=failed`);
    const entries = page.getByRole("table", { name: /Entries of the action log/ });
    await expect(entries).toContainText("message.delete");
    await expect(entries).toContainText(/Failed/i);
  });

  test.describe("as a moderator", () => {
    test.use({ storageState: storageStateOf("moderator") });

    test("deletes softly only: no permanent choice, and a forged permanent delete is refused", async ({ page }) => {
      await openMessages(page, sender);
      await messageItem(page, `third ${RUN}`)
        .getByRole("button", { name: /^Delete message/ })
        .click();
      await expect(page.getByRole("dialog").getByLabel("Delete permanently")).toHaveCount(0);
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      const answer = await forgeAction(page, `/users/${OWNER}`, "deleteMessageAction", {
        messageId: ids.forged,
        sender,
        permanent: true,
        reason: "forged",
      });
      expect(answer).toContain("does not allow you to delete messages permanently");
    });
  });

  test.describe("as support", () => {
    test.use({ storageState: storageStateOf("support") });

    test("reads the messages but is offered no delete, and a forged delete is refused", async ({ page, request }) => {
      await openMessages(page, sender);
      await expect(messageItem(page, `third ${RUN}`)).toBeVisible();
      await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
      const answer = await forgeAction(page, `/users/${OWNER}`, "deleteMessageAction", {
        messageId: ids.forged,
        sender,
        owner: OWNER,
        permanent: false,
        reason: "forged",
      });
      expect(answer).toContain("does not allow you to delete messages");
      const atService = await chatGet(request, `/messages/${ids.forged}`);
      expect((atService.body.data as { deletedAt?: number }).deletedAt).toBeUndefined();
    });
  });
});

test("what a deactivated account wrote stays readable in the conversation", async ({ page, request }) => {
  const [raider] = (await createUsers(request, `gone-${RUN}`, 1)) as [string];
  await sendMessage(request, raider, OWNER, `before deactivation ${RUN} https://usdt-drop.example/x`);
  const deactivated = await request.delete("/v3/users", {
    headers: { apikey: CHAT_API_KEY },
    data: { uidsToDeactivate: [raider] },
  });
  expect(deactivated.status()).toBe(200);
  await page.goto(`/users/${OWNER}/messages/user/${raider}`);
  await expect(messageItem(page, `before deactivation ${RUN}`)).toContainText(
    "(link to usdt-drop.example, not opened)",
  );
});

test.describe("on a phone (390 px wide)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a 100-character sender UID does not widen the messages page", async ({ page, request }) => {
    const prefix = `long-${RUN}${"m".repeat(93 - RUN.length)}`;
    const [sender] = await createUsers(request, prefix, 1);
    expect(sender).toHaveLength(100);
    await sendMessage(request, sender!, OWNER, `hello from a long UID ${"z".repeat(200)}`);
    await page.goto(`/users/${OWNER}/messages/user/${sender}`);
    await expect(messageItem(page, "hello from a long UID")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
