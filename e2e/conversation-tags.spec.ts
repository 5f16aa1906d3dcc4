import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { CHAT_API_KEY } from "./support";

const headers = { apikey: CHAT_API_KEY };

/** The row of the conversation with `peer`: the one whose first column names it. */
function conversationRow(page: Page, peer: RegExp) {
  return page
    .getByRole("region", { name: /^Conversations/ })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: peer }) });
}

async function setEmbeddedSettings(request: APIRequestContext, settings: Record<string, unknown> | null) {
  const response = settings
    ? await request.put("/v3/embedded/settings", { headers, data: settings })
    : await request.delete("/v3/embedded/settings", { headers });
  expect(response.ok()).toBe(true);
}

test("find a person by name, open their conversation and add a tag to their copy", async ({ page }) => {
  await page.goto("/users");
  const search = page.getByRole("searchbox", { name: "Search users" });
  await expect(search).toBeFocused();
  await search.fill("andrew");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("heading", { name: /match(es)? “andrew”/ })).toBeVisible();
  await page.getByRole("link", { name: "Andrew Joseph" }).click();
  await expect(page).toHaveURL(/\/users\/cometchat-uid-1$/);

  const row = conversationRow(page, /George Alan/);
  await expect(row).toContainText("sent");
  await row.getByRole("button", { name: "Edit tags with George Alan" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit tags" });
  await expect(dialog).toHaveAccessibleDescription(
    "As Andrew Joseph (cometchat-uid-1), in the conversation with George Alan (cometchat-uid-2)",
  );
  await expect(dialog.getByRole("button", { name: "Remove tag sent" })).toBeVisible();

  const tags = dialog.getByLabel("Tags", { exact: true });
  await tags.fill("priority");
  await tags.press("Enter");
  await dialog.getByLabel("Reason").fill("Customer asked for priority");
  await dialog.getByRole("button", { name: "Save tags" }).click();
  await expect(dialog.getByText("Tags saved")).toBeVisible();
  await expect(dialog).toContainText(/Before: sent\s*→.*After: sent, priority/);
  await dialog.getByRole("button", { name: "Close" }).click();

  await expect(row).toContainText("priority");
  await expect(
    page.getByRole("region", { name: /Recent actions/ }).getByRole("row", { name: /conversation\.tags\.update/ }),
  ).not.toHaveCount(0);
});

test("removing a tag asks first, and the row shows what was saved", async ({ page }) => {
  await page.goto("/users/cometchat-uid-1");
  const row = conversationRow(page, /kevin-price/);
  await expect(row).toContainText("spam");
  await row.getByRole("button", { name: /^Edit tags with/ }).click();
  const dialog = page.getByRole("dialog", { name: "Edit tags" });
  await dialog.getByRole("button", { name: "Remove tag spam" }).click();
  await dialog.getByRole("button", { name: "Save tags" }).click();
  await expect(dialog.getByText("This save removes tags. Save anyway?")).toBeVisible();
  await expect(dialog.getByText("Removes: spam")).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm save" }).click();
  await expect(dialog.getByText("Tags saved")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(row.getByRole("cell", { name: "None" })).toBeVisible();
});

test("a group conversation's tags are edited as the member's copy", async ({ page }) => {
  await page.goto("/users/cometchat-uid-1?conversations=group");
  const row = conversationRow(page, /cometchat-guid-1/);
  await expect(row).toContainText("pinned");
  await row.getByRole("button", { name: /^Edit tags with/ }).click();
  const dialog = page.getByRole("dialog", { name: "Edit tags" });
  await expect(dialog).toHaveAccessibleDescription(
    /^As Andrew Joseph \(cometchat-uid-1\), in the group .*cometchat-guid-1/,
  );
  await expect(dialog.getByRole("button", { name: "Remove tag pinned" })).toBeVisible();
  const tags = dialog.getByLabel("Tags", { exact: true });
  await tags.fill("ops");
  await tags.press("Enter");
  await dialog.getByRole("button", { name: "Save tags" }).click();
  await expect(dialog.getByText("Tags saved")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(row).toContainText("ops");
});

test("when the service's answer has no tags, a save is refused until the operator confirms", async ({
  page,
  request,
}) => {
  await setEmbeddedSettings(request, { omitConversationTags: true });
  try {
    await page.goto("/users/cometchat-uid-2");
    const row = conversationRow(page, /Andrew Joseph/);
    await expect(row).toContainText("Not known");
    await row.getByRole("button", { name: "Edit tags with Andrew Joseph" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit tags" });
    await expect(dialog.getByText("The current tags are unknown")).toBeVisible();
    const tags = dialog.getByLabel("Tags", { exact: true });
    await tags.fill("callback");
    await tags.press("Enter");
    await dialog.getByRole("button", { name: "Save tags" }).click();
    await expect(dialog.getByText("Replace tags that could not be shown?")).toBeVisible();
    await dialog.getByRole("button", { name: "Back" }).click();
    await setEmbeddedSettings(request, null);
    const held = await request.get("/v3/users/cometchat-uid-1/conversation", {
      headers: { ...headers, onBehalfOf: "cometchat-uid-2" },
    });
    expect((await held.json()).data[0].tags).not.toContain("callback");

    await setEmbeddedSettings(request, { omitConversationTags: true });
    await dialog.getByRole("button", { name: "Save tags" }).click();
    await dialog.getByRole("button", { name: "Confirm save" }).click();
    await expect(dialog.getByText("Tags saved")).toBeVisible();
  } finally {
    await setEmbeddedSettings(request, null);
  }
  const saved = await request.get("/v3/users/cometchat-uid-1/conversation", {
    headers: { ...headers, onBehalfOf: "cometchat-uid-2" },
  });
  expect((await saved.json()).data[0].tags).toEqual(["callback"]);
});

test("a save over tags that changed since they were loaded is refused, and nothing is lost", async ({
  page,
  request,
}) => {
  await page.goto("/users/cometchat-uid-1");
  const row = conversationRow(page, /brittany-cole/);
  await row.getByRole("button", { name: /^Edit tags with/ }).click();
  const dialog = page.getByRole("dialog", { name: "Edit tags" });
  await expect(dialog.getByRole("button", { name: "Remove tag spam" })).toBeVisible();

  // Someone else adds a tag meanwhile.
  const changed = await request.put("/v3/users/brittany-cole/conversation", {
    headers: { ...headers, onBehalfOf: "cometchat-uid-1" },
    data: { tags: ["spam", "reported"] },
  });
  expect(changed.ok()).toBe(true);

  const tags = dialog.getByLabel("Tags", { exact: true });
  await tags.fill("reviewed");
  await tags.press("Enter");
  await dialog.getByRole("button", { name: "Save tags" }).click();
  await expect(dialog.getByRole("alert")).toContainText("changed since the editor loaded them");
  await dialog.getByRole("button", { name: "Load the current tags" }).click();
  await expect(dialog.getByRole("button", { name: "Remove tag reported" })).toBeVisible();
});

test("a conversation the list does not show can be opened by UID", async ({ page }) => {
  await page.goto("/users/cometchat-uid-4");
  await page.getByText("Open conversation with UID…").click();
  await page.getByLabel("UID of the other user").fill("cometchat-uid-5");
  await page.getByRole("button", { name: "Open", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit tags" });
  await expect(dialog).toHaveAccessibleDescription(
    "As Susan Marie (cometchat-uid-4), in the conversation with cometchat-uid-5",
  );
  await dialog.getByText("Conversation record").click();
  await expect(dialog.getByText("No messages yet")).toBeVisible();
});

test("a conversation that does not exist gets the service's message", async ({ page }) => {
  await page.goto("/users/cometchat-uid-4");
  await page.getByText("Open conversation with UID…").click();
  await page.getByLabel("UID of the other user").fill("no-such-user-here");
  await page.getByRole("button", { name: "Open", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Edit tags" }).getByRole("alert")).toContainText("ERR_UID_NOT_FOUND");
});
