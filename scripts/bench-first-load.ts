import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { DatabaseKind } from "../tests/support/console-server";
import { consoleAndBrowser, signInAsBenchAdmin } from "./lib/bench-browser";
import { printTable } from "./lib/table";

/**
 * `npm run bench:first-load`: the JavaScript a browser downloads to show each kind of page the first
 * time, with an empty cache. Each page is loaded in a fresh Chromium context (signed in, but no cache)
 * until the network is idle; every script it fetched is summed, each gzipped at zlib's default level as a
 * compressing proxy sends it. In KiB (1,024 bytes), the unit of the figures that set the target: at most
 * 150 KiB gzip a page. BENCH_SCRIPTS=1 lists each page's scripts.
 */
const database = (process.env.BENCH_DATABASE ?? "pglite") as DatabaseKind;
const TARGET_KIB = 150;

type Scripts = { count: number; raw: number; gzip: number };

/** Loads `path` in a context with an empty cache; the scripts it fetched, summed. */
async function scriptsOf(browser: Browser, baseURL: string, path: string, storageState?: string): Promise<Scripts> {
  const context = await browser.newContext({ baseURL, storageState });
  try {
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script" && response.ok()) bodies.set(response.url(), response.body());
    });
    await page.goto(path, { waitUntil: "networkidle" });
    const buffers = await Promise.all(bodies.values());
    if (process.env.BENCH_SCRIPTS)
      [...bodies.keys()].forEach((url, index) =>
        console.log(`${path} ${new URL(url).pathname} ${(gzipSync(buffers[index]!).length / 1024).toFixed(1)} KiB`),
      );
    return {
      count: buffers.length,
      raw: buffers.reduce((sum, body) => sum + body.length, 0),
      gzip: buffers.reduce((sum, body) => sum + gzipSync(body).length, 0),
    };
  } finally {
    await context.close();
  }
}

/** The address of the first link named `name` on `path`: a job's page, an entry of the log, a report. */
async function firstLink(page: Page, path: string, name: RegExp): Promise<string> {
  await page.goto(path);
  const href = await page.getByRole("link", { name }).first().getAttribute("href");
  if (!href) throw new Error(`No link named ${name} on ${path}`);
  return href;
}

/** The queue read from the chat service (the demo raid's reports), and its first report's page. */
async function firstReport(page: Page): Promise<string> {
  await page.goto("/reports");
  await page.getByRole("button", { name: "Refresh" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: /waiting at the chat service/ })
    .waitFor();
  return firstLink(page, "/reports", /^Open report of message/);
}

/** A small job (no approval needed), so that a job's page exists to be measured. */
async function startSmallJob(page: Page) {
  await page.goto("/incidents");
  const form = page.getByRole("region", { name: "Block a list of users" });
  await form.getByLabel("On behalf of").fill("cometchat-uid-2");
  await form.getByLabel("Reason").fill("First-load bench");
  await form.getByLabel("UIDs to block").fill("cometchat-uid-4\ncometchat-uid-5");
  await form.getByRole("button", { name: "Preview" }).click();
  await page.getByRole("button", { name: "Start blocking" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm block" }).click();
  await page.waitForURL(/\/incidents\/[0-9a-f-]{36}$/);
}

async function signedIn(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAsBenchAdmin(page);
  return context;
}

const { server, browser } = await consoleAndBrowser(database);
try {
  const context = await signedIn(browser, server.baseUrl);
  const page = await context.newPage();
  await startSmallJob(page);
  const jobPage = new URL(page.url()).pathname;
  const entryPage = await firstLink(page, "/audit", /^Details of entry/);
  const reportPage = await firstReport(page);
  const storageState = `${server.dataDir}/bench-first-load-session.json`;
  await context.storageState({ path: storageState });
  await context.close();

  const pages: [string, string, string | undefined][] = [
    ["sign-in", "/login", undefined],
    ["users (search)", "/users?search=george", storageState],
    ["user's workspace", "/users/cometchat-uid-1", storageState],
    ["conversation's messages", "/users/cometchat-uid-1/messages/user/cometchat-uid-2", storageState],
    ["group", "/groups/cometchat-guid-1", storageState],
    ["reports", "/reports", storageState],
    ["report", reportPage, storageState],
    ["incidents", "/incidents", storageState],
    ["incident job", jobPage, storageState],
    ["action log", "/audit", storageState],
    ["action-log entry", entryPage, storageState],
    ["operators", "/operators", storageState],
    ["rules", "/rules", storageState],
    ["new rule", "/rules/new", storageState],
    ["blocked messages", "/reports/blocked", storageState],
  ];
  const rows: string[][] = [];
  let worst = 0;
  for (const [name, path, state] of pages) {
    const scripts = await scriptsOf(browser, server.baseUrl, path, state);
    const kib = scripts.gzip / 1024;
    worst = Math.max(worst, kib);
    rows.push([
      name,
      String(scripts.count),
      `${(scripts.raw / 1024).toFixed(0)} KiB`,
      `${kib.toFixed(1)} KiB`,
      `≤ ${TARGET_KIB} KiB`,
      kib <= TARGET_KIB ? "yes" : "no",
    ]);
  }
  console.log(`\nFirst-load JavaScript per page (empty cache, ${database}, gzip at zlib's default level):\n`);
  printTable(["page", "scripts", "raw", "gzip", "target", "met"], rows);
  console.log(`\nLargest: ${worst.toFixed(1)} KiB gzip (target ≤ ${TARGET_KIB} KiB on every page).`);
} finally {
  await browser.close();
  await server.stop();
}
