import { describe, expect, it } from "vitest";
import { blockOutcomeRows, countOutcomes, settleUnknown, unknownUids } from "./block-outcomes";

describe("blockOutcomeRows", () => {
  it("reads blocked, already blocked, not found and failed from the service's entries", () => {
    const rows = blockOutcomeRows(
      ["a", "b", "c", "m"],
      {
        a: { success: true, message: "The user with UID m has blocked user with UID a successfully." },
        b: { success: true, message: "The user with UID m has already blocked user with UID b." },
        c: {
          success: false,
          message: "The UID c does not exist, please make sure you have created a user with UID c.",
        },
        m: { success: false, message: "The user with UID m cannot block themselves." },
      },
      "block",
    );
    expect(rows.map((row) => [row.uid, row.outcome])).toEqual([
      ["a", "blocked"],
      ["b", "already_blocked"],
      ["c", "not_found"],
      ["m", "failed"],
    ]);
    expect(rows[2]?.message).toMatch(/does not exist/);
  });

  it("counts a UID missing from the answer as unknown, and shows an unexpected UID and an unknown shape", () => {
    const rows = blockOutcomeRows(["a", "b"], { a: "done", z: { success: true, message: "ok" } }, "block");
    expect(rows).toEqual([
      { uid: "a", outcome: "unknown", message: expect.stringMatching(/shape/), unexpected: false, raw: "done" },
      { uid: "b", outcome: "unknown", message: expect.stringMatching(/no result/), unexpected: false, raw: undefined },
      { uid: "z", outcome: "blocked", message: "ok", unexpected: true, raw: { success: true, message: "ok" } },
    ]);
    expect(countOutcomes(rows)).toMatchObject({ blocked: 1, failed: 0, unknown: 2 });
    expect(unknownUids(rows)).toEqual(["a", "b"]);
  });

  it("settles unknown outcomes against the blocked list read afterwards, and leaves the rest", () => {
    const rows = blockOutcomeRows(["a", "b", "c"], { c: { success: true, message: "ok" }, z: "?" }, "block");
    const settled = settleUnknown(rows, new Set(["a", "c"]), "block");
    expect(settled.map((row) => [row.uid, row.outcome, row.settled ?? false])).toEqual([
      ["a", "blocked", true],
      ["b", "failed", true],
      ["c", "blocked", false],
      ["z", "unknown", false],
    ]);
    expect(settled[0]?.message).toMatch(/shows it blocked/);
    const unblocks = settleUnknown(blockOutcomeRows(["a", "b"], {}, "unblock"), new Set(["a"]), "unblock");
    expect(unblocks.map((row) => row.outcome)).toEqual(["failed", "unblocked"]);
  });

  it("while the call may still take effect, settles only what it did: the rest stays unknown, never failed", () => {
    const lost = ["a", "b"].map((uid) => ({
      uid,
      outcome: "unknown" as const,
      message: "Lost.",
      unexpected: false,
      raw: undefined,
    }));
    const blocks = settleUnknown(lost, new Set(["a"]), "block", { callMayStillLand: true });
    expect(blocks.map((row) => [row.uid, row.outcome, row.settled ?? false])).toEqual([
      ["a", "blocked", true],
      ["b", "unknown", false],
    ]);
    expect(blocks[1]?.message).toMatch(/may still take effect/);
    const unblocks = settleUnknown(lost, new Set(["a"]), "unblock", { callMayStillLand: true });
    expect(unblocks.map((row) => row.outcome)).toEqual(["unknown", "unblocked"]);
  });

  it("reads unblocked and not blocked for an unblock", () => {
    const rows = blockOutcomeRows(
      ["a", "b"],
      {
        a: { success: true, message: "unblocked" },
        b: { success: false, message: "The user with UID m has not blocked user with UID b." },
      },
      "unblock",
    );
    expect(rows.map((row) => row.outcome)).toEqual(["unblocked", "not_blocked"]);
  });
});
