import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { CHAT_API_KEY } from "./support";

/** Creates plain users in the embedded chat service, as a raid's accounts would be. */
async function createChatUsers(request: APIRequestContext, prefix: string, count: number) {
  const response = await request.post("/v3/embedded/users", {
    headers: { apikey: CHAT_API_KEY },
    data: { prefix, count },
  });
  expect(response.status()).toBe(200);
}

test("block 500 pasted UIDs: preview, confirmation, progress, results and the CSV, line by line", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await createChatUsers(request, "raid", 472);
  const raiders = Array.from({ length: 472 }, (_, i) => `raid-${i}`);
  const ghosts = Array.from({ length: 5 }, (_, i) => `ghost-raider-${i}`);
  const invalid = Array.from({ length: 10 }, (_, i) => `bad.uid.${i}`);
  const duplicates = raiders.slice(0, 10).map((uid) => uid.toUpperCase());
  // cometchat-uid-1 had blocked kevin-price and brittany-cole before (demo data).
  const lines = [...raiders, ...ghosts, ...invalid, ...duplicates, "kevin-price", "brittany-cole", "cometchat-uid-1"];
  expect(lines.length).toBe(500);

  await page.goto("/incidents");
  const form = page.getByRole("region", { name: "Block a list of users" });
  await form.getByLabel("On behalf of").fill("cometchat-uid-1");
  await form.getByLabel("Reason").fill("Raid in #general");
  await form.getByLabel("UIDs to block").fill(lines.join("\n"));
  await form.getByRole("button", { name: "Preview" }).click();

  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("To block477");
  await expect(preview).toContainText("Already blocked by cometchat-uid-1 (not sent)2");
  await expect(preview).toContainText("Invalid (left out)10");
  await expect(preview).toContainText("Duplicates merged10");
  await expect(preview).toContainText("cometchat-uid-1 is the blocker and was left out");
  await preview.getByText("Invalid entries (10)").click();
  await expect(preview.getByText(/bad\.uid\.3/)).toBeVisible();

  await page.getByRole("button", { name: "Start blocking" }).click();
  const dialog = page.getByRole("dialog", { name: "Block 477 users on behalf of cometchat-uid-1?" });
  await dialog.getByRole("button", { name: "Confirm block" }).click();

  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  const progress = page.getByRole("progressbar", { name: "Job progress" });
  await expect(progress).toBeVisible();
  // Progress survives a reload: it is the job's, not the page's.
  await page.reload();
  await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, { timeout: 120_000 });
  await expect(page.getByRole("progressbar", { name: "Job progress" })).toHaveAttribute("aria-valuenow", "479");

  const results = page.getByRole("region", { name: "Results" });
  const filters = results.getByRole("navigation", { name: "Filter results by outcome" });
  await expect(filters.getByRole("link", { name: "All (479)" })).toBeVisible();
  await expect(filters.getByRole("link", { name: "Blocked (472)" })).toBeVisible();
  await expect(filters.getByRole("link", { name: "Already blocked (2)" })).toBeVisible();
  await expect(filters.getByRole("link", { name: /^Failed/ })).toHaveCount(0);
  await filters.getByRole("link", { name: "Not found (5)" }).click();
  const table = results.getByRole("table", { name: "Outcome per UID" });
  await expect(table.getByRole("row")).toHaveCount(6);
  await expect(table).toContainText("ghost-raider-4");
  await expect(table).toContainText("does not exist");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    results.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const csv = readFileSync(await download.path(), "utf8")
    .split("\r\n")
    .filter(Boolean);
  expect(csv[0]).toBe("uid,outcome,message");
  const rows = new Map(
    csv.slice(1).map((line) => {
      const [uid, outcome, ...message] = line.split(",");
      return [uid!, { outcome: outcome!, message: message.join(",") }];
    }),
  );
  expect(rows.size).toBe(479);
  for (const uid of raiders) {
    expect(rows.get(uid), uid).toEqual({
      outcome: "blocked",
      message: `The user with UID cometchat-uid-1 has blocked user with UID ${uid} successfully.`,
    });
  }
  for (const uid of ghosts) expect(rows.get(uid)?.outcome, uid).toBe("not_found");
  for (const uid of ["kevin-price", "brittany-cole"]) expect(rows.get(uid)?.outcome, uid).toBe("already_blocked");
  for (const uid of [...invalid, "cometchat-uid-1"]) expect(rows.has(uid), uid).toBe(false);

  // Undo unblocks exactly what this job blocked: not the two blocked before it.
  await page.getByRole("button", { name: "Unblock all blocked by this job" }).click();
  await page
    .getByRole("dialog", { name: /Unblock 472 users on behalf of cometchat-uid-1\?/ })
    .getByRole("button", { name: "Confirm unblock" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Undo job for cometchat-uid-1/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, { timeout: 120_000 });
  const blockedNow = await request.get("/v3/users/cometchat-uid-1/blockedusers?perPage=1000", {
    headers: { apikey: CHAT_API_KEY },
  });
  const remaining = ((await blockedNow.json()) as { data: Array<{ uid: string }> }).data.map((user) => user.uid).sort();
  expect(remaining).toEqual(["brittany-cole", "kevin-price"]);
});

test("a .csv upload fills the list, skipping its header row", async ({ page }) => {
  await page.goto("/incidents");
  const form = page.getByRole("region", { name: "Block a list of users" });
  await form.getByLabel("Upload a .txt or .csv file").setInputFiles({
    name: "raiders.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("uid,reported_by\nraid-1,alice\nraid-2,bob\n"),
  });
  await expect(form.getByText("Loaded 2 lines from raiders.csv.")).toBeVisible();
  await expect(form.getByLabel("UIDs to block")).toHaveValue("raid-1\nraid-2");
});

test("a running job's results fill in as it goes, without a reload", async ({ page, request }) => {
  test.setTimeout(120_000);
  await createChatUsers(request, "slow-raid", 400);
  const settings = (body: object) =>
    request.put("/v3/embedded/settings", { headers: { apikey: CHAT_API_KEY }, data: body });
  await settings({ latencyMs: 1000, pathPattern: "blockedusers$" });
  try {
    await page.goto("/incidents");
    const form = page.getByRole("region", { name: "Block a list of users" });
    await form.getByLabel("On behalf of").fill("cometchat-uid-5");
    await form.getByLabel("Reason").fill("Slow raid");
    await form.getByLabel("UIDs to block").fill(Array.from({ length: 400 }, (_, i) => `slow-raid-${i}`).join("\n"));
    await form.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("button", { name: "Start blocking" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm block" }).click();
    await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);

    const results = page.getByRole("region", { name: "Results" });
    const filters = results.getByRole("navigation", { name: "Filter results by outcome" });
    await expect(filters.getByRole("link", { name: /^Blocked \(\d+\)$/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("region", { name: "Progress" })).toContainText("Status: Running");
    await expect(page.getByTestId("rate-budget")).toContainText(/budget in use: [\d,]+ of [\d,]+ calls a minute/);
    await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Completed/, {
      timeout: 90_000,
    });
    await expect(filters.getByRole("link", { name: "Blocked (400)" })).toBeVisible();
  } finally {
    await settings({ latencyMs: 0 });
  }
});

test("Pause is answered within a second while the job's progress is read every second, and no action is polled", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await createChatUsers(request, "hold-raid", 480);
  const settings = (body: object) =>
    request.put("/v3/embedded/settings", { headers: { apikey: CHAT_API_KEY }, data: body });
  // Each block call takes 2 s: the job (under the approval threshold) runs for ten seconds or so.
  await settings({ latencyMs: 2000, pathPattern: "blockedusers$" });
  try {
    await page.goto("/incidents");
    const form = page.getByRole("region", { name: "Block a list of users" });
    await form.getByLabel("On behalf of").fill("cometchat-uid-4");
    await form.getByLabel("Reason").fill("Raid to pause");
    await form.getByLabel("UIDs to block").fill(Array.from({ length: 480 }, (_, i) => `hold-raid-${i}`).join("\n"));
    await form.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("button", { name: "Start blocking" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm block" }).click();
    await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);

    // While the page follows the job, it reads GET routes: no server action goes out until a click.
    const actions: string[] = [];
    page.on("request", (sent) => {
      if (sent.headers()["next-action"]) actions.push(sent.url());
    });
    const reads: string[] = [];
    page.on("request", (sent) => {
      if (/\/api\/incidents\/[0-9a-f-]{36}\/progress$/.test(sent.url())) reads.push(sent.url());
    });
    const bar = page.getByRole("progressbar", { name: "Job progress" });
    const first = Number(await bar.getAttribute("aria-valuenow"));
    await expect
      .poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 30_000 })
      .toBeGreaterThan(first);
    await expect.poll(() => reads.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(actions).toEqual([]);

    const pause = page.getByRole("button", { name: "Pause", exact: true });
    const clicked = Date.now();
    await pause.click();
    await expect(page.getByRole("button", { name: "Resume", exact: true })).toBeVisible({ timeout: 1000 });
    console.log(`Pause answered in ${Date.now() - clicked} ms (target: under 1000 ms)`);
    await expect(page.getByRole("region", { name: "Progress" })).toContainText("Status: Paused");
    expect(actions).toHaveLength(1);
    await page.getByRole("button", { name: "Cancel job", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm cancel" }).click();
    await expect(page.getByRole("region", { name: "Progress" })).toContainText(/Status: Cancel/, { timeout: 30_000 });
  } finally {
    await settings({ latencyMs: 0 });
  }
});
