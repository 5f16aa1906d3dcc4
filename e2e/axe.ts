import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core on the page once it has settled: no serious or critical violation. Next streams a page's
 * metadata, and a refresh re-renders it, so the document's title is waited for (it must come, or this
 * fails) before axe reads the page.
 */
export async function expectNoSeriousViolations(page: Page) {
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}
