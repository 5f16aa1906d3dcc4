import { expect, test, type Locator, type Page } from "@playwright/test";
import { CHAT_API_KEY, forgeAction, OPERATORS, storageStateOf } from "./support";

/**
 * Notes on a person, as each role uses them on the workspace: support and moderators write and change
 * their own, an admin changes anyone's, an auditor reads and finds each change in the log with the text
 * before and after. Then where decisions are taken (a report's sender, a search's senders), and 100-character
 * UIDs on a phone.
 */

// A token of the run: a retry (a new worker) makes users of its own.
const RUN = Date.now().toString(36);
const PREFIX = `notes-${RUN}`;
const [PERSON, REPORTER] = [`${PREFIX}-0`, `${PREFIX}-1`] as const;
const LONG_PREFIX = `long-${RUN}${"n".repeat(100 - 7 - RUN.length)}`;
const LONG_UID = `${LONG_PREFIX}-0`;
const UNKNOWN_LONG_UID = `${LONG_PREFIX}-9`;
const GROUP = "weekend-cyclists";
const WORKSPACE = `/users/${PERSON}`;
const headers = { apikey: CHAT_API_KEY };

const SUPPORT_NOTE = `Called in ${RUN}: says the spam came from a stolen phone, see https://help.example/case-${RUN}`;
const MODERATOR_NOTE = `Warned ${RUN} for the raid links in ${GROUP}; next time a block.`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  expect(LONG_UID).toHaveLength(100);
  const page = await browser.newPage({ storageState: storageStateOf("admin") });
  for (const prefix of [PREFIX, LONG_PREFIX]) {
    const created = await page.request.post("/v3/embedded/users", { headers, data: { prefix, count: 2 } });
    expect(created.status()).toBe(200);
  }
  await page.close();
});

const notesOf = (page: Page) => page.getByRole("region", { name: "Notes", exact: true });
const noteCard = (page: Page, text: string) => notesOf(page).getByRole("article").filter({ hasText: text });

async function addNote(page: Page, text: string) {
  const notes = notesOf(page);
  await notes.getByLabel("New note").fill(text);
  await notes.getByRole("button", { name: "Add note" }).click();
  await announced(page, "Note added.");
}

/** The note's id, as the page names its article: to forge a call on it. */
async function noteIdOf(card: Locator): Promise<string> {
  return (await card.getAttribute("aria-labelledby"))!.replace(/^note-/, "");
}

/** The note's article by its id: while it is edited, its text is in a field, where a text filter does not look. */
async function pinned(page: Page, card: Locator): Promise<Locator> {
  return page.locator(`article[aria-labelledby="note-${await noteIdOf(card)}"]`);
}

const announced = (page: Page, text: string) => expect(notesOf(page).getByText(text)).toBeVisible();

test.describe("support", () => {
  test.use({ storageState: storageStateOf("support") });

  test("adds a note after the field's errors, sees links as text, and edits it", async ({ page }) => {
    await page.goto(WORKSPACE);
    const notes = notesOf(page);
    await expect(notes).toContainText("No notes on this user yet.");
    await expect(page.getByRole("link", { name: "0 notes: go to the notes" })).toBeVisible();

    const field = notes.getByLabel("New note");
    await notes.getByRole("button", { name: "Add note" }).click();
    await expect(field).toHaveAccessibleDescription(/Write the note: it cannot be empty\./);
    await field.fill("x".repeat(2001));
    await notes.getByRole("button", { name: "Add note" }).click();
    await expect(field).toHaveAccessibleDescription(/at most 2,000 characters; this one has 2,001/);
    await expect(field).toBeFocused();

    await addNote(page, SUPPORT_NOTE);
    const card = await pinned(page, noteCard(page, SUPPORT_NOTE.slice(0, 30)));
    await expect(card).toContainText(OPERATORS.support.name);
    await expect(card).toContainText("(link to help.example)");
    await expect(card.locator('a[href*="help.example"]')).toHaveCount(0);
    await expect(card.getByRole("link", { name: OPERATORS.support.name })).toHaveAttribute(
      "href",
      `/audit?actor=${encodeURIComponent(OPERATORS.support.email)}`,
    );
    await expect(page.getByRole("link", { name: "1 note: go to the notes" })).toBeVisible();

    await card.getByRole("button", { name: /^Edit/ }).click();
    await card.getByLabel("Note").fill(`${SUPPORT_NOTE} (confirmed by email)`);
    await card.getByRole("button", { name: "Save note" }).click();
    await announced(page, "Note saved.");
    await expect(noteCard(page, "(confirmed by email)")).toContainText("edited");
  });
});

test.describe("a moderator", () => {
  test.use({ storageState: storageStateOf("moderator") });

  test("adds a note, cannot change support's, and a forged edit of it is refused", async ({ page }) => {
    await page.goto(WORKSPACE);
    await addNote(page, MODERATOR_NOTE);
    const own = noteCard(page, MODERATOR_NOTE);
    const theirs = noteCard(page, SUPPORT_NOTE.slice(0, 30));
    await expect(own.getByRole("button", { name: /^Edit/ })).toBeVisible();
    await expect(theirs.getByRole("button")).toHaveCount(0);
    // Newest first.
    await expect(notesOf(page).getByRole("article").first()).toContainText(MODERATOR_NOTE);

    const answer = await forgeAction(page, WORKSPACE, "editNoteAction", {
      uid: PERSON,
      noteId: await noteIdOf(theirs),
      text: "rewritten by someone else",
    });
    expect(answer).toContain(`Only its author (${OPERATORS.support.email}) or an admin may edit this note.`);
    await page.reload();
    await expect(noteCard(page, SUPPORT_NOTE.slice(0, 30))).toBeVisible();
  });
});

test.describe("an admin", () => {
  test("edits the moderator's note and deletes support's after a confirmation that names it", async ({ page }) => {
    await page.goto(WORKSPACE);
    const moderators = await pinned(page, noteCard(page, MODERATOR_NOTE));
    await moderators.getByRole("button", { name: /^Edit/ }).click();
    await moderators.getByLabel("Note").fill(`${MODERATOR_NOTE} Agreed with the team.`);
    await moderators.getByRole("button", { name: "Save note" }).click();
    await expect(noteCard(page, "Agreed with the team.")).toContainText("edited");
    await expect(noteCard(page, "Agreed with the team.")).toContainText("by Administrator");

    const supports = noteCard(page, SUPPORT_NOTE.slice(0, 30));
    await supports.getByRole("button", { name: /^Delete/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this note?" });
    await expect(dialog).toContainText(`The note by ${OPERATORS.support.name} on ${PERSON}`);
    await expect(dialog).toContainText("(confirmed by email)");
    await dialog.getByRole("button", { name: "Delete note" }).click();
    await announced(page, `Deleted the note by ${OPERATORS.support.name}.`);
    await expect(noteCard(page, SUPPORT_NOTE.slice(0, 30))).toHaveCount(0);
    await expect(page.getByRole("link", { name: "1 note: go to the notes" })).toBeVisible();
  });
});

test.describe("an auditor", () => {
  test.use({ storageState: storageStateOf("auditor") });

  test("reads the notes, writes none, and finds every change in the log with the text before and after", async ({
    page,
  }) => {
    await page.goto(WORKSPACE);
    await expect(noteCard(page, "Agreed with the team.")).toBeVisible();
    await expect(notesOf(page).getByLabel("New note")).toHaveCount(0);
    await expect(notesOf(page).getByRole("button")).toHaveCount(0);
    await expect(notesOf(page)).toContainText("Your role reads notes");

    const forged = await forgeAction(page, WORKSPACE, "addNoteAction", { uid: PERSON, text: "an auditor's note" });
    expect(forged).toContain("does not allow you to write notes on a user");

    await page.goto(`/audit?uid=${PERSON}&action=user.note.delete`);
    await page
      .getByRole("link", { name: /^Details of entry/ })
      .first()
      .click();
    const changes = page.getByRole("list", { name: "Changes" });
    await expect(changes).toContainText(`before ${SUPPORT_NOTE} (confirmed by email), after none`);

    await page.goto(`/audit?uid=${PERSON}&action=user.note.edit`);
    await expect(page.getByRole("table", { name: /Entries of the action log/ })).toContainText("admin@e2e.test");
    await expect(page.getByRole("table", { name: /Entries of the action log/ })).toContainText(OPERATORS.support.email);
  });
});

test.describe("where a decision is taken", () => {
  test.use({ storageState: storageStateOf("moderator") });

  test("a report's sender panel shows the notes, and a search's senders their count", async ({ page }) => {
    const v3 = async (path: string, data: object, onBehalfOf?: string) => {
      const answer = await page.request.post(`/v3${path}`, {
        headers: onBehalfOf ? { ...headers, onBehalfOf } : headers,
        data,
      });
      expect(answer.status(), path).toBe(200);
      return ((await answer.json()) as { data: Record<string, unknown> }).data;
    };
    await v3(`/groups/${GROUP}/members`, { participants: [PERSON, REPORTER] });
    const text = `Free coins at https://notes-${RUN}.example/drop`;
    const message = await v3("/messages", { receiver: GROUP, receiverType: "group", data: { text } }, PERSON);
    const reasons = await page.request.get("/v3/moderation/reasons", { headers });
    const [reason] = ((await reasons.json()) as { data: Array<{ id: string }> }).data;
    await v3(`/messages/${String(message.id)}/flagged`, { reasonId: reason!.id }, REPORTER);

    // The reports queue reads the vendor's flagged list in the background: the report shows within seconds.
    await expect(async () => {
      await page.goto(`/reports?text=notes-${RUN}`);
      await expect(page.locator(`table a[href='/users/${PERSON}']`).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await page.goto(`/reports/${String(message.id)}`);
    const sender = page.getByRole("region", { name: "Sender" });
    await expect(sender.getByRole("link", { name: "1 note" })).toHaveAttribute("href", `${WORKSPACE}#notes`);
    await expect(sender).toContainText("Agreed with the team.");
    await expect(sender).toContainText("by Mia Moderator");

    await page.goto("/incidents");
    const search = await forgeAction(page, "/incidents", "startRaidSearchAction", {
      where: "group",
      group: GROUP,
      textContains: `notes-${RUN}`,
      window: "last_hour",
    });
    const searchId = /"searchId":"([0-9a-f-]{36})"/.exec(search)?.[1];
    expect(searchId, search.slice(0, 300)).toBeDefined();
    await page.goto(`/incidents?search=${searchId}`);
    const senders = page.getByRole("table", { name: "Senders, most matching messages first" });
    const count = senders.getByRole("link", { name: `1 note on ${PERSON}` });
    await expect(count).toBeVisible({ timeout: 30_000 });
    await count.click();
    await expect(page).toHaveURL(new RegExp(`${WORKSPACE}#notes$`));
  });
});

test.describe("on a phone (390 px wide), with 100-character UIDs", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("notes on a known and an unknown UID fit the width, the confirmation too", async ({ page }) => {
    const unbroken = `raid${"z".repeat(400)}`;
    for (const uid of [LONG_UID, UNKNOWN_LONG_UID]) {
      await page.goto(`/users/${uid}`);
      await addNote(page, `${uid} ${unbroken}`);
      await expect(noteCard(page, unbroken)).toBeVisible();
      expect(await scrollWidth(page), uid).toBeLessThanOrEqual(390);
    }
    // A UID the chat service does not know keeps its notes: the page says so and lists them.
    await expect(page.getByRole("heading", { name: `No user with UID ${UNKNOWN_LONG_UID}` })).toBeVisible();
    await noteCard(page, unbroken)
      .getByRole("button", { name: /^Delete/ })
      .click();
    await expect(page.getByRole("dialog", { name: "Delete this note?" })).toContainText(UNKNOWN_LONG_UID);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  });
});

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
