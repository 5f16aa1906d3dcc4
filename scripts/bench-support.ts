import type { Page } from "@playwright/test";
import type { DatabaseKind } from "../tests/support/console-server";
import { benchReports } from "./bench-support/reports";
import { consoleAndBrowser, signInAsBenchAdmin } from "./lib/bench-browser";
import { printTable } from "./lib/table";

/**
 * `npm run bench:support`: the support workflow as a person meets it, in a real browser against the
 * built console on the embedded default: search a person by name, open the tags editor of one of their
 * conversations (until the current tags are on screen), and save a tag (until "Tags saved" shows).
 * Each is timed from the press to what the person waits for; the median and p90 of BENCH_ROUNDS
 * rounds (default 20) are printed beside the target. BENCH_DATABASE=postgres runs on PostgreSQL.
 * Then the reports queue at 1,000 open reports (./bench-support/reports.ts); BENCH_SECTIONS=reports
 * runs that alone, BENCH_SECTIONS=workflow the browser's part alone.
 */
const database = (process.env.BENCH_DATABASE ?? "pglite") as DatabaseKind;
const rounds = Number(process.env.BENCH_ROUNDS ?? 20);
const TARGET_MS = 150;

/**
 * Presses the button named `button` and resolves with the milliseconds until `done` holds in the page,
 * both measured in the page itself: Playwright's own waiting polls at growing intervals and would add
 * up to half a second of its own.
 */
type Condition = { selector: string; text?: string };

async function timed(page: Page, button: string, done: Condition): Promise<number> {
  // A script of its own, not a serialised function: tsx's helpers would not exist in the page. No eval
  // inside it either: the console's Content-Security-Policy forbids it.
  const args = JSON.stringify({ button, done });
  return page.evaluate(`new Promise((resolve, reject) => {
    const { button, done } = ${args};
    const holds = () =>
      [...document.querySelectorAll(done.selector)].some(
        (element) => done.text === undefined || element.textContent.includes(done.text),
      );
    const target = [...document.querySelectorAll("button")].find(
      (element) => element.getAttribute("aria-label") === button || element.textContent.trim() === button,
    );
    if (!target) return reject(new Error("No button named " + button));
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (!holds()) return;
      observer.disconnect();
      resolve(performance.now() - start);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    target.click();
  })`);
}

function percentile(samples: number[], share: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

async function round(page: Page, index: number) {
  await page.goto("/users");
  await page.getByRole("searchbox", { name: "Search users" }).fill("george");
  const search = await timed(page, "Search", { selector: "a", text: "George Alan" });

  await page.goto("/users/cometchat-uid-1");
  const open = await timed(page, "Edit tags with George Alan", { selector: 'button[aria-label="Remove tag sent"]' });

  const dialog = page.getByRole("dialog", { name: "Edit tags" });
  // Again on the same page: what is left once the page's first call to the server is behind it.
  await dialog.getByRole("button", { name: "Close" }).click();
  const reopen = await timed(page, "Edit tags with George Alan", { selector: 'button[aria-label="Remove tag sent"]' });
  const tags = dialog.getByLabel("Tags", { exact: true });
  await tags.fill(`bench-${index}`);
  await tags.press("Enter");
  const save = await timed(page, "Save tags", { selector: "dialog", text: "Tags saved" });
  return { search, open, reopen, save };
}

const sections = (process.env.BENCH_SECTIONS ?? "workflow,reports").split(",");

async function benchWorkflow() {
  const { server, browser } = await consoleAndBrowser(database);
  try {
    const page = await browser.newPage({ baseURL: server.baseUrl });
    await signInAsBenchAdmin(page);

    // A first round warms the server's caches and the browser's; it is not counted.
    await round(page, 0);
    const samples = { search: [] as number[], open: [] as number[], reopen: [] as number[], save: [] as number[] };
    for (let index = 1; index <= rounds; index += 1) {
      const result = await round(page, index);
      samples.search.push(result.search);
      samples.open.push(result.open);
      samples.reopen.push(result.reopen);
      samples.save.push(result.save);
    }

    console.log(`\nSupport workflow, ${rounds} rounds, ${database}, embedded chat service, one browser:\n`);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    printTable(
      ["step", "median", "p90", "target (median)", "met"],
      [
        ["search by name → results", samples.search],
        ["Edit tags → current tags shown", samples.open],
        ["the same, again on that page", samples.reopen],
        ['Save tags → "Tags saved"', samples.save],
      ].map(([name, values]) => {
        const median = percentile(values as number[], 0.5);
        return [
          name as string,
          ms(median),
          ms(percentile(values as number[], 0.9)),
          `≤ ${TARGET_MS} ms`,
          median <= TARGET_MS ? "yes" : "no",
        ];
      }),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (sections.includes("workflow")) await benchWorkflow();
if (sections.includes("reports")) await benchReports(database);
