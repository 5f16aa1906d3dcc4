import { describe, expect, it } from "vitest";
import { reportRow } from "./report-row-fixture";
import { bansFor, blocksFor } from "./sender-calls";

const report = reportRow;

describe("a removal's calls on the senders", () => {
  const removed = [
    report("1", "raider-a", ["amara-okafor", "kwame-mensah"], "cometchat-guid-1"),
    report("2", "raider-b", ["amara-okafor"]),
    report("3", "raider-a", ["amara-okafor", "raider-a"], "cometchat-guid-1"),
    report("4", "raider-a", ["tomas-silva"], "weekend-cyclists"),
  ];

  it("blocks each sender on behalf of every one of its reporters, once, never a sender by itself", () => {
    expect(Object.fromEntries(blocksFor(removed))).toEqual({
      "amara-okafor": ["raider-a", "raider-b"],
      "kwame-mensah": ["raider-a"],
      "tomas-silva": ["raider-a"],
    });
  });

  it("bans each sender from each group it was reported in, once; a direct message bans nothing", () => {
    expect(bansFor(removed)).toEqual([
      { guid: "cometchat-guid-1", uid: "raider-a" },
      { guid: "weekend-cyclists", uid: "raider-a" },
    ]);
  });
});
