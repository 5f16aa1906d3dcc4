import { describe, expect, it } from "vitest";
import { blockUsersSchema } from "./schemas";
import { parseUidList } from "./uid-list";

describe("parseUidList", () => {
  it("splits on commas, spaces, semicolons and new lines", () => {
    expect(parseUidList("a, b\nc\t d;e\r\n\nf").valid).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("merges duplicates case-insensitively and lowercases", () => {
    const list = parseUidList("Alice alice ALICE bob");
    expect(list.valid).toEqual(["alice", "bob"]);
    expect(list.entries).toEqual([
      { uid: "alice", status: "valid" },
      { uid: "alice", status: "duplicate" },
      { uid: "alice", status: "duplicate" },
      { uid: "bob", status: "valid" },
    ]);
  });

  it("flags invalid UIDs with the reason and leaves them out", () => {
    const list = parseUidList(`ok bad.uid ${"x".repeat(101)} fine_1`);
    expect(list.valid).toEqual(["ok", "fine_1"]);
    expect(list.entries[1]).toEqual({
      uid: "bad.uid",
      status: "invalid",
      problem: expect.stringMatching(/letters, digits, _ and -/),
    });
    expect(list.entries[2]).toEqual({
      uid: "x".repeat(101),
      status: "invalid",
      problem: expect.stringMatching(/at most 100/),
    });
  });

  it("leaves the blocker out, whatever its case", () => {
    const list = parseUidList("cometchat-uid-2 COMETCHAT-UID-1 cometchat-uid-3", "cometchat-uid-1");
    expect(list.valid).toEqual(["cometchat-uid-2", "cometchat-uid-3"]);
    expect(list.entries[1]).toEqual({ uid: "cometchat-uid-1", status: "self" });
  });

  it("gives nothing for blank text", () => {
    expect(parseUidList("  \n , ")).toEqual({ entries: [], valid: [] });
  });
});

describe("blockUsersSchema", () => {
  it("lowercases, merges duplicates and drops an empty reason", () => {
    expect(blockUsersSchema.parse({ blocker: "Mod", uids: ["A", "a", "b"], reason: "  " })).toEqual({
      blocker: "mod",
      uids: ["a", "b"],
      reason: undefined,
      blockFor: "forever",
    });
  });

  it("takes how long the block lasts, and refuses a duration it does not offer", () => {
    expect(blockUsersSchema.parse({ blocker: "mod", uids: ["a"], blockFor: "24h" }).blockFor).toBe("24h");
    expect(
      blockUsersSchema.safeParse({ blocker: "mod", uids: ["a"], blockFor: "2h" }).error?.issues[0]?.message,
    ).toMatch(/1 hour, 24 hours, 7 days, 30 days or until unblocked/);
  });

  it("refuses the blocker among the UIDs, an empty list and a malformed UID, each with a message", () => {
    const self = blockUsersSchema.safeParse({ blocker: "mod", uids: ["MOD"] });
    expect(self.success).toBe(false);
    expect(self.error?.issues[0]?.message).toMatch(/cannot block themselves/);
    expect(blockUsersSchema.safeParse({ blocker: "mod", uids: [] }).error?.issues[0]?.message).toMatch(/at least one/);
    expect(blockUsersSchema.safeParse({ blocker: "mod", uids: ["a b"] }).error?.issues[0]?.path).toEqual(["uids", 0]);
  });
});
