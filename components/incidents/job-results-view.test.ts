import { describe, expect, it } from "vitest";
import { resultsHref, resultsView, RESULTS_PER_PAGE } from "./job-results-view";

const results = [
  ...Array.from({ length: 150 }, (_, index) => ({ uid: `b-${index}`, outcome: "blocked", message: "" })),
  { uid: "f-1", outcome: "failed", message: "No such user." },
  { uid: "a-1", outcome: "already_blocked", message: "" },
  { uid: "x-1", outcome: "strange", message: "" },
];

describe("resultsView", () => {
  it("counts each outcome that occurs, in a fixed order, unknown ones last", () => {
    const view = resultsView(results, { outcome: undefined, page: undefined });
    expect(view.total).toBe(153);
    expect(view.counts).toEqual([
      { outcome: "blocked", count: 150 },
      { outcome: "already_blocked", count: 1 },
      { outcome: "failed", count: 1 },
      { outcome: "strange", count: 1 },
    ]);
    expect(view.pages).toBe(2);
    expect(view.rows).toHaveLength(RESULTS_PER_PAGE);
  });

  it("filters by outcome and keeps the page within range", () => {
    expect(resultsView(results, { outcome: "failed", page: "3" })).toMatchObject({
      page: 1,
      pages: 1,
      rows: [results[150]],
    });
    expect(resultsView(results, { outcome: undefined, page: ["2", "1"] }).rows).toHaveLength(53);
    expect(resultsView(results, { outcome: undefined, page: "nope" }).page).toBe(1);
    expect(resultsView(results, { outcome: "none", page: undefined }).rows).toEqual([]);
  });

  it("links to the results of a filter and page", () => {
    expect(resultsHref("j", null)).toBe("/incidents/j#results");
    expect(resultsHref("j", "failed", 2)).toBe("/incidents/j?outcome=failed&page=2#results");
  });
});
