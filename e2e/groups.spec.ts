import { expect, test, type Page } from "@playwright/test";
import { chatGet, createUsers } from "./chat-service";
import { CHAT_API_KEY, forgeAction, storageStateOf } from "./support";

// A token of the run: a retry adds members of its own.
const RUN = Date.now().toString(36);
const GUID = "cometchat-guid-1";
let users: string[] = [];

const uidsOf = (body: { data?: unknown }) => (body.data as Array<{ uid: string }>).map((user) => user.uid);
const members = async (request: Parameters<typeof chatGet>[0]) =>
  uidsOf((await chatGet(request, `/groups/${GUID}/members?perPage=1000`)).body);
const banned = async (request: Parameters<typeof chatGet>[0]) =>
  uidsOf((await chatGet(request, `/groups/${GUID}/bannedusers?perPage=1000`)).body);

/** The row of `uid` in a section of the group's page, on whichever of the section's pages has it (the last first). */
async function rowOf(page: Page, section: "Members" | "Banned users", uid: string) {
  const region = page.getByRole("region", { name: new RegExp(`^${section}`) });
  const row = region.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(uid) }) });
  const summary = region.getByText(/^Page \d+ of \d+$/);
  const last = (await summary.count()) > 0 ? Number(/of (\d+)/.exec((await summary.textContent()) ?? "")?.[1]) : 1;
  const parameter = section === "Members" ? "membersPage" : "bannedPage";
  for (let number = last; number >= 1 && (await row.count()) === 0; number -= 1)
    await page.goto(`/groups/${GUID}?${parameter}=${number}`);
  return row;
}

test.beforeAll(async ({ request }) => {
  users = await createUsers(request, `grp-${RUN}`, 3);
  const added = await request.post(`/v3/groups/${GUID}/members`, {
    headers: { apikey: CHAT_API_KEY },
    data: { participants: users },
  });
  expect(added.status()).toBe(200);
});

test("a group's page, from a conversation row: members, messages with links as text; kick, ban and unban", async ({
  page,
  request,
}) => {
  const [kicked, bannedUid] = users as [string, string, string];
  await page.goto("/users/amara-okafor?conversations=group");
  // The group's messages as its member sees them, from the row's "Messages".
  await page.getByRole("link", { name: "Messages with Hiking Group", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages with Hiking Group" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Messages, newest first" }).getByRole("listitem")).not.toHaveCount(0);
  await page.goBack();
  await page.getByRole("link", { name: "Hiking Group", exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/groups/${GUID}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Hiking Group" })).toBeVisible();
  const messages = page.getByRole("region", { name: "Messages" });
  await expect(messages.getByRole("listitem").filter({ hasText: "usdt-drop.example" }).first()).toContainText(
    "(link to usdt-drop.example, not opened)",
  );
  await expect(page.locator('a[href*="usdt-drop"]')).toHaveCount(0);

  let row = await rowOf(page, "Members", kicked);
  await expect(row).toContainText("participant");
  await row.getByRole("button", { name: `Kick ${kicked}` }).click();
  let dialog = page.getByRole("dialog", { name: `Kick Test user 0 (${kicked}) from Hiking Group (${GUID})?` });
  await dialog.getByLabel("Reason").fill("Joined with the raid");
  await dialog.getByRole("button", { name: "Kick" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Kicked ${kicked}.` })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await members(request)).not.toContain(kicked);

  row = await rowOf(page, "Members", bannedUid);
  await row.getByRole("button", { name: `Ban ${bannedUid}` }).click();
  dialog = page.getByRole("dialog", { name: /^Ban Test user 1/ });
  await dialog.getByLabel("Reason").fill("Posted the giveaway");
  await dialog.getByRole("button", { name: "Ban" }).click();
  await expect(row).toHaveCount(0);
  const bannedRow = await rowOf(page, "Banned users", bannedUid);
  await expect(bannedRow).toBeVisible();
  expect(await members(request)).not.toContain(bannedUid);
  expect(await banned(request)).toContain(bannedUid);

  await bannedRow.getByRole("button", { name: `Unban ${bannedUid}` }).click();
  dialog = page.getByRole("dialog", { name: /^Unban Test user 1/ });
  await dialog.getByLabel("Reason").fill("Appeal accepted");
  await dialog.getByRole("button", { name: "Unban" }).click();
  await expect(bannedRow).toHaveCount(0);
  expect(await banned(request)).not.toContain(bannedUid);

  for (const [action, uid] of [
    ["group.member.kick", kicked],
    ["group.member.ban", bannedUid],
    ["group.member.unban", bannedUid],
  ] as const) {
    // Filed under the user and under the group: a UID filter on either finds it.
    for (const affected of [uid, GUID]) {
      await page.goto(`/audit?action=${action}&uid=${affected}`);
      await expect(page.getByRole("table", { name: /Entries of the action log/ })).toContainText(action);
    }
  }
});

test.describe("as support", () => {
  test.use({ storageState: storageStateOf("support") });

  test("sees the members but is offered no kick, ban or unban, and a forged kick is refused", async ({
    page,
    request,
  }) => {
    const member = users[2]!;
    await page.goto(`/groups/${GUID}`);
    await expect(await rowOf(page, "Members", member)).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Kick|Ban|Unban) / })).toHaveCount(0);
    const answer = await forgeAction(page, `/groups/${GUID}`, "kickGroupMemberAction", {
      guid: GUID,
      uid: member,
      reason: "forged",
    });
    expect(answer).toContain("Your role (Support) does not allow you to kick group members.");
    expect(await members(request)).toContain(member);
  });
});

test.describe("on a phone (390 px wide)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a member with a 100-character UID does not widen the group's page", async ({ page, request }) => {
    const [long] = await createUsers(request, `glong-${RUN}${"g".repeat(92 - RUN.length)}`, 1);
    expect(long).toHaveLength(100);
    await request.post(`/v3/groups/${GUID}/members`, {
      headers: { apikey: CHAT_API_KEY },
      data: { participants: [long] },
    });
    await page.goto(`/groups/${GUID}`);
    await expect(await rowOf(page, "Members", long!)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
