import { describe, expect, it } from "vitest";
import { reportRow } from "./report-row-fixture";
import { itemOf, parseItem, uidsOfItem } from "./decision-items";
import { planDecision, REPORTS_AT_ONCE } from "./decision-plan";

const report = reportRow;

const NONE = { blockForReporters: false, deactivateSender: false, banFromGroup: false };
const ALL = { blockForReporters: true, deactivateSender: true, banFromGroup: true };

describe("a decision's items", () => {
  it("round-trip, even with a colon in an id, and name the UIDs they act on or for", () => {
    const items = [
      { kind: "report", decision: "remove", messageId: "41", sender: "raider-1" },
      { kind: "block", reporter: "amara", sender: "odd:uid" },
      { kind: "ban", guid: "hiking", sender: "raider-1" },
      { kind: "deactivate", sender: "raider-1" },
    ] as const;
    for (const item of items) expect(parseItem(itemOf(item))).toEqual(item);
    expect(uidsOfItem(itemOf(items[1]))).toEqual(["amara", "odd:uid"]);
    expect(uidsOfItem(itemOf(items[0]))).toEqual(["raider-1"]);
    expect(() => parseItem("report:keep:41")).toThrow(/Not an item/);
  });
});

describe("the plan of a decision", () => {
  it("counts one call a kept report, two a removed one, and one an act on a UID, reports first", () => {
    const rows = [
      report("1", "raider-1", ["amara", "kenji"], "hiking"),
      report("2", "raider-1", ["amara", "raider-1"], "hiking"),
      report("3", "raider-2", ["kenji"]),
      report("4", "raider-3", ["kenji"], undefined, "decided"),
    ];
    const keep = planDecision(rows, "keep", undefined, 500);
    expect(keep).toMatchObject({ reports: 3, calls: 3, uidActs: 0, runsAsJob: false, needsApproval: false });

    const remove = planDecision(rows, "remove", ALL, 500);
    // Blocks: amara→raider-1, kenji→raider-1, kenji→raider-2 (the sender never blocks themself); one ban
    // (the group's sender); two deactivations.
    expect(remove.uidActs).toBe(3 + 1 + 2);
    expect(remove.calls).toBe(3 * 2 + 6);
    expect(remove.uids).toBe(4);
    expect(remove.items.slice(0, 3).map((item) => parseItem(item).kind)).toEqual(["report", "report", "report"]);
    expect(remove.items.map(parseItem)).toContainEqual({ kind: "block", reporter: "kenji", sender: "raider-2" });
    expect(remove.items.map(parseItem)).toContainEqual({ kind: "ban", guid: "hiking", sender: "raider-1" });
    expect(planDecision(rows, "remove", NONE, 500).uidActs).toBe(0);
  });

  it("runs as a job past the threshold of UIDs acted on (with approval) or past the reports made at once (without)", () => {
    const rows = [report("1", "raider-1", ["a", "b", "c"])];
    expect(planDecision(rows, "remove", { ...NONE, blockForReporters: true }, 3)).toMatchObject({
      runsAsJob: false,
      needsApproval: false,
    });
    expect(planDecision(rows, "remove", { ...NONE, blockForReporters: true }, 2)).toMatchObject({
      runsAsJob: true,
      needsApproval: true,
      approvalThreshold: 2,
    });
    // A threshold of 0 turns approval off.
    expect(planDecision(rows, "remove", ALL, 0).needsApproval).toBe(false);

    const many = Array.from({ length: REPORTS_AT_ONCE + 1 }, (_, index) => report(String(index), "raider-1", ["a"]));
    expect(planDecision(many, "keep", undefined, 500)).toMatchObject({ runsAsJob: true, needsApproval: false });
    expect(planDecision(many.slice(1), "keep", undefined, 500).runsAsJob).toBe(false);
  });
});
